package dev.stateful.domain.features;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A claim template name repeated in the list stands for its last template, as upstream's getPersistentVolumeClaims keys them. */
class ClaimResizeTemplatesTest {

    static final StatefulSet OURS = Fixtures.statefulSet("web", 1).as(SetKind.STATEFUL_DEV, SetExtensions.NONE);

    static PersistentVolumeClaim sized(String name, String storage) {
        PersistentVolumeClaim template = Fixtures.claimTemplate(name);
        return new PersistentVolumeClaim(template.metadata(),
                template.spec().with("resources", Json.object("requests", Json.object("storage", storage))), "");
    }

    static StatefulSet with(PersistentVolumeClaim... templates) {
        return OURS.withSpec(OURS.spec().withVolumeClaimTemplates(List.of(templates)));
    }

    @Test
    void anUpdateThatChangesNoTemplateIsNoShrinkWhenANameRepeats() {
        StatefulSet set = with(sized("www", "1Gi"), sized("www", "2Gi"));

        assertThat(ClaimResize.shrinks(set, set.withSpec(set.spec().withReplicas(3)))).isEmpty();
    }

    @Test
    void aShrinkOfTheLastTemplateOfANameIsRefusedAtItsIndex() {
        StatefulSet set = with(sized("www", "1Gi"), sized("www", "2Gi"));

        assertThat(ClaimResize.shrinks(set, with(sized("www", "2Gi"), sized("www", "1Gi")))).singleElement()
                .satisfies(shrink -> {
                    assertThat(shrink.index()).isEqualTo(1);
                    assertThat(shrink.from()).isEqualTo("2Gi");
                    assertThat(shrink.to()).isEqualTo("1Gi");
                });
    }
}
