package dev.stateful.grpc.convert;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The observed objects of recent {@code Plan} requests, as {@link ObservedWire} decoded them, by
 * their exact bytes on the wire. A tool that plans a set again and again sends mostly the same pods,
 * claims and revisions each time (in a steady state, all of them); an object whose bytes were seen
 * before is the record decoded then (records are immutable, and equal bytes decode to an equal
 * record), so only the objects that changed are decoded. Looking one up costs a hash and a compare of
 * its bytes, a fraction of decoding it.
 *
 * <p>Bounded: at most {@code maxEntries} objects, least recently seen out first, and an object longer
 * than {@code maxObjectBytes} on the wire is never kept. One per service instance, never shared
 * between instances; safe for concurrent calls.
 */
public final class RecentObjects {

    /** What the service keeps: the pods and claims of a 1,000-replica set, each up to 4 KiB on the wire (~3 KB decoded). */
    public static final int DEFAULT_ENTRIES = 2048;
    public static final int DEFAULT_MAX_OBJECT_BYTES = 4096;

    private final int maxEntries;
    private final int maxObjectBytes;
    private final Map<Key, Object> decoded;

    public RecentObjects(int maxEntries, int maxObjectBytes) {
        this.maxEntries = maxEntries;
        this.maxObjectBytes = maxObjectBytes;
        this.decoded = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Object> eldest) {
                return size() > RecentObjects.this.maxEntries;
            }
        };
    }

    /** The object decoded before from these bytes of field {@code field}, or null. */
    Object get(int field, byte[] wire, int offset, int length) {
        if (length > maxObjectBytes) {
            return null;
        }
        Key key = new Key(field, wire, offset, length);
        synchronized (decoded) {
            return decoded.get(key);
        }
    }

    /** Keeps {@code object}, decoded from these bytes of field {@code field} (copied: the request's buffer is not kept). */
    void put(int field, byte[] wire, int offset, int length, Object object) {
        if (length > maxObjectBytes) {
            return;
        }
        Key key = new Key(field, Arrays.copyOfRange(wire, offset, offset + length), 0, length);
        synchronized (decoded) {
            decoded.put(key, object);
        }
    }

    /** How many objects are kept now. */
    public int size() {
        synchronized (decoded) {
            return decoded.size();
        }
    }

    /** A field number and a range of bytes; equal when both are. */
    private static final class Key {
        private final int field;
        private final byte[] bytes;
        private final int offset;
        private final int length;
        private final int hash;

        Key(int field, byte[] bytes, int offset, int length) {
            this.field = field;
            this.bytes = bytes;
            this.offset = offset;
            this.length = length;
            int h = field;
            for (int i = offset; i < offset + length; i++) {
                h = 31 * h + bytes[i];
            }
            this.hash = h;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && k.hash == hash && k.field == field && k.length == length
                    && Arrays.equals(bytes, offset, offset + length, k.bytes, k.offset, k.offset + k.length);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
