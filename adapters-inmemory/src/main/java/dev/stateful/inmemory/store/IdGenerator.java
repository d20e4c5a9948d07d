package dev.stateful.inmemory.store;

import java.util.Random;
import java.util.UUID;

/** Uids and generateName suffixes from a seeded Random, so two runs with one seed agree. */
public final class IdGenerator {

    /** The alphabet of apimachinery's {@code rand.String}: no vowels, no confusable digits. */
    private static final String SUFFIX_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

    private final Random random;

    public IdGenerator(Random random) {
        this.random = random;
    }

    /** A version-4 UUID string. */
    public String uid() {
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }

    public String nameSuffix() {
        StringBuilder out = new StringBuilder(5);
        for (int i = 0; i < 5; i++) {
            out.append(SUFFIX_ALPHABET.charAt(random.nextInt(SUFFIX_ALPHABET.length())));
        }
        return out.toString();
    }
}
