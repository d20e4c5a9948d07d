package dev.stateful.testing.fabric8;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The cluster is one per test, so a static field (as fabric8's mock allows for its client) cannot hold it: the
 * extension says so before starting anything, instead of leaving the field null for the test to trip on.
 */
class StaticClusterFieldTest {

    static class WithStaticField {
        static StatefulSetCluster cluster;
    }

    static class WithInstanceField {
        StatefulSetCluster cluster;
    }

    @Test
    void aStaticClusterFieldIsRefusedByName() {
        assertThatThrownBy(() -> StatefulSetsExtension.requireNoStaticClusterField(List.of(new WithStaticField())))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("WithStaticField.cluster")
                .hasMessageContaining("static");
    }

    @Test
    void anInstanceFieldIsFine() {
        assertThatCode(() -> StatefulSetsExtension.requireNoStaticClusterField(List.of(new WithInstanceField()))).doesNotThrowAnyException();
    }
}
