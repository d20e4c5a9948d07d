package dev.stateful.domain.validation;

import java.util.Arrays;
import java.util.List;

/**
 * {@code IsValidIPForLegacyField} of apimachinery's util/validation as 1.36 calls it (StrictIPCIDRValidation is beta and
 * on): the address must parse as {@code netutils.ParseIPSloppy} parses it (Go 1.16's {@code net.ParseIP}, which takes
 * IPv4 octets with leading zeros), and then, as {@code parseIP} checks, also as {@code netip.ParseAddr} (no leading
 * zeros, at most four hex digits a group) and not be an IPv4-mapped IPv6 address. No name is ever looked up.
 */
final class IpAddresses {

    static final String INVALID = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";
    static final String LEADING_ZEROS = "must not have leading 0s";
    static final String IPV4_MAPPED = "must not be an IPv4-mapped IPv6 address";

    private static final int IPV4_LEN = 4;
    private static final int IPV6_LEN = 16;
    /** The forked parser's {@code big}: a number this large stops {@code dtoi} and {@code xtoi}. */
    private static final int BIG = 0xFFFFFF;

    private IpAddresses() {
    }

    /** The messages {@code parseIP} gives {@code value}, none for a valid address. */
    static List<String> legacyField(String value) {
        Parsed parsed = Parsed.NONE;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '.' || c == ':') {
                parsed = c == '.' ? ipv4(value) : ipv6(value);
                break;
            }
        }
        if (parsed.bytes == null) {
            return List.of(INVALID);
        }
        if (!parsed.strict) {
            return List.of(LEADING_ZEROS);
        }
        return parsed.bytes.length == IPV6_LEN && isIpv4Mapped(parsed.bytes) ? List.of(IPV4_MAPPED) : List.of();
    }

    /** An address as the sloppy parser reads it, and whether {@code netip.ParseAddr} takes its text too. */
    private record Parsed(byte[] bytes, boolean strict) {
        static final Parsed NONE = new Parsed(null, false);
    }

    /** {@code parseIPv4}: four decimal octets up to 255, leading zeros allowed (but not strict). */
    private static Parsed ipv4(String s) {
        byte[] out = new byte[IPV4_LEN];
        boolean strict = true;
        int at = 0;
        for (int i = 0; i < IPV4_LEN; i++) {
            if (at >= s.length()) {
                return Parsed.NONE;
            }
            if (i > 0) {
                if (s.charAt(at) != '.') {
                    return Parsed.NONE;
                }
                at++;
            }
            int start = at;
            int n = 0;
            while (at < s.length() && s.charAt(at) >= '0' && s.charAt(at) <= '9') {
                n = n * 10 + (s.charAt(at) - '0');
                at++;
                if (n >= BIG) {
                    return Parsed.NONE;
                }
            }
            if (at == start || n > 0xFF) {
                return Parsed.NONE;
            }
            strict &= at - start == 1 || s.charAt(start) != '0';
            out[i] = (byte) n;
        }
        return at == s.length() ? new Parsed(out, strict) : Parsed.NONE;
    }

    /** {@code parseIPv6}: hex groups, at most one "::", optionally a trailing IPv4 address in the last 32 bits. */
    private static Parsed ipv6(String text) {
        byte[] ip = new byte[IPV6_LEN];
        boolean strict = true;
        int ellipsis = -1;
        String s = text;
        if (s.startsWith("::")) {
            ellipsis = 0;
            s = s.substring(2);
            if (s.isEmpty()) {
                return new Parsed(ip, true);
            }
        }
        int i = 0;
        while (i < IPV6_LEN) {
            int c = 0;
            int n = 0;
            while (c < s.length() && Character.digit(s.charAt(c), 16) >= 0 && s.charAt(c) < 128) {
                n = n * 16 + Character.digit(s.charAt(c), 16);
                c++;
                if (n >= BIG) {
                    return Parsed.NONE;
                }
            }
            if (c == 0 || n > 0xFFFF) {
                return Parsed.NONE;
            }
            if (c < s.length() && s.charAt(c) == '.') {
                if ((ellipsis < 0 && i != IPV6_LEN - IPV4_LEN) || i + IPV4_LEN > IPV6_LEN) {
                    return Parsed.NONE;
                }
                Parsed ip4 = ipv4(s);
                if (ip4.bytes == null) {
                    return Parsed.NONE;
                }
                System.arraycopy(ip4.bytes, 0, ip, i, IPV4_LEN);
                strict &= ip4.strict;
                s = "";
                i += IPV4_LEN;
                break;
            }
            strict &= c <= 4;
            ip[i] = (byte) (n >> 8);
            ip[i + 1] = (byte) n;
            i += 2;
            s = s.substring(c);
            if (s.isEmpty()) {
                break;
            }
            if (s.charAt(0) != ':' || s.length() == 1) {
                return Parsed.NONE;
            }
            s = s.substring(1);
            if (s.charAt(0) == ':') {
                if (ellipsis >= 0) {
                    return Parsed.NONE;
                }
                ellipsis = i;
                s = s.substring(1);
                if (s.isEmpty()) {
                    break;
                }
            }
        }
        if (!s.isEmpty()) {
            return Parsed.NONE;
        }
        if (i < IPV6_LEN) {
            if (ellipsis < 0) {
                return Parsed.NONE;
            }
            int shift = IPV6_LEN - i;
            System.arraycopy(ip, ellipsis, ip, ellipsis + shift, i - ellipsis);
            Arrays.fill(ip, ellipsis, ellipsis + shift, (byte) 0);
        } else if (ellipsis >= 0) {
            return Parsed.NONE;
        }
        return new Parsed(ip, strict);
    }

    /** {@code netip.Addr.Is4In6}: ::ffff:0:0/96. */
    private static boolean isIpv4Mapped(byte[] ip) {
        for (int i = 0; i < 10; i++) {
            if (ip[i] != 0) {
                return false;
            }
        }
        return ip[10] == (byte) 0xFF && ip[11] == (byte) 0xFF;
    }
}
