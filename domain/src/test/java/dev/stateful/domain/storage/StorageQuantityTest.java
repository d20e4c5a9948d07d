package dev.stateful.domain.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class StorageQuantityTest {

    @Test
    void anExponentBeyondThirtyTwoBitsIsNoQuantityNotAWrappedOne() {
        assertThat(StorageQuantity.parse("1e9999999999")).isEmpty();
        assertThat(StorageQuantity.less("1e9999999999", "1Gi")).isFalse();
    }

    @Test
    void anExponentWithinThirtyTwoBitsScalesTheNumber() {
        assertThat(StorageQuantity.parse("15e8")).contains(new BigDecimal("1.5e9"));
        assertThat(StorageQuantity.less("1Gi", "15e8")).isTrue();
    }
}
