package dev.stateful.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The in-memory cluster {@code serve} runs, maybe for days: its audit log does not grow with every write. */
class ServeClusterTest {

    @Test
    void theAuditLogKeepsTheLatestWritesOnly() throws IOException {
        InMemoryCluster cluster = ServeCommand.cluster(20_000);
        cluster.apply(Files.readString(Path.of("..", "examples", "web.yaml")));
        StatefulSet set = cluster.stores().statefulSets().get(new ObjectKey("default", "web")).orElseThrow();

        long applied = cluster.audit().mark();
        for (int i = 0; i < ServeCommand.AUDIT_RECORDS; i++) {
            set = cluster.user().statefulSets().update(set);
        }

        assertThat(cluster.audit().mark()).isEqualTo(applied + ServeCommand.AUDIT_RECORDS);
        assertThat(cluster.audit().query().count()).isEqualTo(ServeCommand.AUDIT_RECORDS);
        assertThatThrownBy(() -> cluster.audit().since(0)).isInstanceOf(IllegalStateException.class);
    }
}
