package dev.stateful.inmemory.ports;

import static dev.stateful.inmemory.testing.TestObjects.NS;
import static dev.stateful.inmemory.testing.TestObjects.controllerRef;
import static dev.stateful.inmemory.testing.TestObjects.ownedBy;
import static dev.stateful.inmemory.testing.TestObjects.revision;
import static dev.stateful.inmemory.testing.TestObjects.statefulSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.RevisionControl;
import org.junit.jupiter.api.Test;

class InMemoryRevisionControlTest {

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final RevisionControl revisions = cluster.revisionControl();
    private final StatefulSet set = cluster.user().statefulSets().create(statefulSet("web", 1));

    @Test
    void aNameClashOnCreateIsAlreadyExistsAndGetReadsTheStoredOne() {
        ControllerRevision first = revisions.create(revision("web-abc", "{\"a\":1}", 1));

        assertThatThrownBy(() -> revisions.create(revision("web-abc", "{\"a\":2}", 2))).isInstanceOf(ApiException.AlreadyExists.class);
        assertThat(revisions.get(NS, "web-abc")).contains(first);
    }

    @Test
    void anOrphanRevisionIsAdoptedButAnOwnedOneIsNot() {
        ControllerRevision orphan = revisions.create(revision("web-abc", "{}", 1));
        StatefulSet other = cluster.user().statefulSets().create(statefulSet("other", 1));
        ControllerRevision owned = revisions.create(ownedBy(revision("other-abc", "{}", 1), controllerRef(other)));

        ControllerRevision adopted = revisions.adopt(orphan, controllerRef(set));

        assertThat(adopted.metadata().controllerRef()).contains(controllerRef(set));
        assertThatThrownBy(() -> revisions.adopt(owned, controllerRef(set)))
                .isInstanceOf(ApiException.Invalid.class)
                .hasMessageContaining("attempt to adopt revision owned by");
    }

    @Test
    void deleteRemovesTheRevisionAndAMissingOneIsNotFound() {
        revisions.create(revision("web-abc", "{}", 1));

        revisions.delete(NS, "web-abc");

        assertThat(revisions.get(NS, "web-abc")).isEmpty();
        assertThatThrownBy(() -> revisions.delete(NS, "web-abc")).isInstanceOf(ApiException.NotFound.class);
    }
}
