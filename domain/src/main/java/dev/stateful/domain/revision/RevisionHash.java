package dev.stateful.domain.revision;

import java.nio.charset.StandardCharsets;

/**
 * Revision hashes and names (upstream {@code HashControllerRevision},
 * {@code ControllerRevisionName}, {@code rand.SafeEncodeString}).
 */
public final class RevisionHash {

    /** Label carrying the hash on every revision; it keeps the value computed with the initial collision count. */
    public static final String HASH_LABEL = "controller.kubernetes.io/hash";

    /** Longest name prefix kept, in bytes: the 253-byte name limit leaves room for "-" and the hash. */
    public static final int MAX_PREFIX_BYTES = 223;

    // Consonants and digits only, so that encoded hashes never spell words.
    private static final String ALPHANUMS = "bcdfghjklmnpqrstvwxz2456789";
    private static final int FNV32_OFFSET_BASIS = 0x811c9dc5;
    private static final int FNV32_PRIME = 0x01000193;

    private RevisionHash() {
    }

    /**
     * The encoded hash of revision data with the collision count as probe: FNV-1 32 over the data's
     * UTF-8 bytes, then over the decimal collision count (the StatefulSet controller always passes one).
     */
    public static String hash(String data, int collisionCount) {
        int h = fnv1(FNV32_OFFSET_BASIS, data.getBytes(StandardCharsets.UTF_8));
        h = fnv1(h, Integer.toString(collisionCount).getBytes(StandardCharsets.UTF_8));
        return safeEncode(Integer.toUnsignedString(h));
    }

    /** 32-bit FNV-1 (multiply, then xor; not FNV-1a), continuing from {@code hash}. */
    static int fnv1(int hash, byte[] bytes) {
        int h = hash;
        for (byte b : bytes) {
            h *= FNV32_PRIME;
            h ^= b & 0xff;
        }
        return h;
    }

    /** Maps every character to {@code ALPHANUMS[codePoint % 27]}; for digits 0-9: 4 5 6 7 8 9 b c d f. */
    public static String safeEncode(String s) {
        StringBuilder out = new StringBuilder(s.length());
        s.codePoints().forEach(c -> out.append(ALPHANUMS.charAt(c % ALPHANUMS.length())));
        return out.toString();
    }

    /**
     * {@code <prefix>-<hash>} with the prefix cut to 223 bytes. Set names are ASCII DNS subdomains, so
     * bytes and characters coincide; a multi-byte character is never split.
     */
    public static String revisionName(String prefix, String hash) {
        return truncateUtf8(prefix, MAX_PREFIX_BYTES) + "-" + hash;
    }

    private static String truncateUtf8(String s, int maxBytes) {
        int bytes = 0;
        int end = 0;
        while (end < s.length()) {
            int cp = s.codePointAt(end);
            int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + size > maxBytes) {
                break;
            }
            bytes += size;
            end += Character.charCount(cp);
        }
        return s.substring(0, end);
    }
}
