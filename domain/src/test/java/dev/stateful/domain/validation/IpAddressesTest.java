package dev.stateful.domain.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code IsValidIPForLegacyField} with StrictIPCIDRValidation: the sloppy parse, then no leading zeros and no IPv4-mapped IPv6. */
class IpAddressesTest {

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.10", "0.0.0.0", "255.255.255.255", "2001:db8::ffff", "::", "::1", "1::", "FE80:0:0:0:0:0:0:0abc",
            "::1.2.3.4", "64:ff9b::192.0.2.33", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4"})
    void addressesInEitherFamilyAreValid(String address) {
        assertThat(IpAddresses.legacyField(address)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "localhost", "1.2.3", "1.2.3.4.5", "1.2.3.256", "1.2.3.4 ", "1..2.3", "1:2:3:4:5:6:7:8:9", "1::2::3", ":::",
            "1:2:3:4:5:6:7::8", "fe80::1%eth0", "12345::", "1.2.3.4:80", "::1.2.3", "1:2:3:4:5:6:7:1.2.3.4", "[::1]", "1:"})
    void whatTheSloppyParserRefusesIsNoAddress(String address) {
        assertThat(IpAddresses.legacyField(address)).containsExactly(IpAddresses.INVALID);
    }

    @ParameterizedTest
    @ValueSource(strings = {"010.0.0.1", "1.2.3.04", "00001::", "::ffff:01.2.3.4", "0:0:0:0:0:0:0:00000"})
    void leadingZerosTheSloppyParserTakesAreRefused(String address) {
        assertThat(IpAddresses.legacyField(address)).containsExactly(IpAddresses.LEADING_ZEROS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"::ffff:1.2.3.4", "::ffff:0102:0304", "0:0:0:0:0:ffff:a00:1"})
    void ipv4MappedIpv6AddressesAreRefused(String address) {
        assertThat(IpAddresses.legacyField(address)).containsExactly(IpAddresses.IPV4_MAPPED);
    }
}
