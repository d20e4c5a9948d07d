package dev.stateful.domain.revision;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RevisionHashTest {

    @Test
    void hashOf133DataWithCollisionCountZeroIsTheUpstreamVector() {
        // FNV-1(raw133 + "0") = 733928534 -> "c77f6d978" (upstream HashControllerRevision)
        int sum = RevisionHash.fnv1(RevisionHash.fnv1(0x811c9dc5, bytes(CompatibilityFixtures.RAW_1_33)), bytes("0"));
        assertThat(Integer.toUnsignedLong(sum)).isEqualTo(733928534L);
        assertThat(RevisionHash.hash(CompatibilityFixtures.RAW_1_33, 0)).isEqualTo("c77f6d978");
    }

    @Test
    void hashOf134DataIsTheUpstreamVector() {
        assertThat(RevisionHash.hash(CompatibilityFixtures.RAW_1_34, 0)).isEqualTo("776999688b");
    }

    @Test
    void hashAboveInt32RangeIsFormattedUnsigned() {
        // 3325552446 > 2^31: a signed format would start with '-'
        int sum = RevisionHash.fnv1(RevisionHash.fnv1(0x811c9dc5, bytes(CompatibilityFixtures.RAW_1_34)), bytes("0"));
        assertThat(Integer.toUnsignedString(sum)).isEqualTo("3325552446");
    }

    @Test
    void collisionCountIsHashedAsItsDecimalString() {
        assertThat(RevisionHash.hash(CompatibilityFixtures.RAW_1_33, 1)).isEqualTo("c77f6d979");
        assertThat(RevisionHash.hash(CompatibilityFixtures.RAW_1_33, 10))
                .isEqualTo(RevisionHash.safeEncode(Integer.toUnsignedString(
                        RevisionHash.fnv1(RevisionHash.fnv1(0x811c9dc5, bytes(CompatibilityFixtures.RAW_1_33)), bytes("10")))));
    }

    @Test
    void fnv1MultipliesBeforeXorUnlikeFnv1a() {
        // FNV-1 of "a" is 0x050c5d7e; FNV-1a would give 0xe40c292c
        assertThat(RevisionHash.fnv1(0x811c9dc5, bytes("a"))).isEqualTo(0x050c5d7e);
        assertThat(RevisionHash.fnv1(0x811c9dc5, new byte[0])).isEqualTo(0x811c9dc5);
    }

    @ParameterizedTest(name = "digit {0} encodes as {1}")
    @CsvSource({"0,4", "1,5", "2,6", "3,7", "4,8", "5,9", "6,b", "7,c", "8,d", "9,f"})
    void safeEncodeMapsDigitsByCodePointModulo27(String digit, String encoded) {
        assertThat(RevisionHash.safeEncode(digit)).isEqualTo(encoded);
    }

    @Test
    void safeEncodeKeepsLength() {
        assertThat(RevisionHash.safeEncode("733928534")).isEqualTo("c77f6d978");
        assertThat(RevisionHash.safeEncode("")).isEmpty();
    }

    @Test
    void revisionNameIsPrefixDashHash() {
        assertThat(RevisionHash.revisionName("test", "c77f6d978")).isEqualTo("test-c77f6d978");
    }

    @Test
    void revisionNamePrefixIsTruncatedTo223Bytes() {
        String exactly = "a".repeat(223);
        String longer = "b".repeat(230);
        assertThat(RevisionHash.revisionName(exactly, "h")).isEqualTo(exactly + "-h");
        assertThat(RevisionHash.revisionName(longer, "h")).isEqualTo("b".repeat(223) + "-h");
    }

    @Test
    void revisionNameTruncationCountsUtf8BytesAndNeverSplitsACharacter() {
        String prefix = "a".repeat(221) + "é" + "z"; // é is 2 bytes: 221 + 2 = 223 bytes, then z overflows
        assertThat(RevisionHash.revisionName(prefix, "h")).isEqualTo("a".repeat(221) + "é-h");
        String split = "a".repeat(222) + "é"; // é would need bytes 223 and 224
        assertThat(RevisionHash.revisionName(split, "h")).isEqualTo("a".repeat(222) + "-h");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
