package dev.stateful.grpc.convert;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
        private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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
            this.hash = hash(field, bytes, offset, length);
        }

        /** Eight bytes a step (a byte at a time was most of a lookup's cost for a 350-byte pod), then the rest. */
        private static int hash(int field, byte[] bytes, int offset, int length) {
            long h = field;
            int i = offset;
            for (int end = offset + length - 7; i < end; i += 8) {
                h = (h ^ (long) LONGS.get(bytes, i)) * 0x9E3779B97F4A7C15L;
            }
            for (int end = offset + length; i < end; i++) {
                h = (h ^ bytes[i]) * 0x9E3779B97F4A7C15L;
            }
            return (int) (h ^ (h >>> 32));
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
