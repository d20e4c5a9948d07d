package dev.stateful.domain.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hand-written name parser gives what the regex it replaced, {@code (.*)-([0-9]+)$}, gave. */
class PodIdentityParseTest {

    private static final Pattern NAME = Pattern.compile("(.*)-([0-9]+)$");

    private static PodIdentity.ParsedName byRegex(String podName) {
        Matcher m = NAME.matcher(podName == null ? "" : podName);
        if (!m.matches()) {
            return new PodIdentity.ParsedName("", -1);
        }
        try {
            return new PodIdentity.ParsedName(m.group(1), Integer.parseInt(m.group(2)));
        } catch (NumberFormatException overflow) {
            return new PodIdentity.ParsedName(m.group(1), -1);
        }
    }

    @Test
    void edgeCasesParseAsTheRegexDid() {
        List<String> names = java.util.Arrays.asList(null, "", "-", "-0", "web-0", "web-12", "web-", "web", "web-a1", "web-1a",
                "a-b-3", "a--3", "web-2147483647", "web-2147483648", "web-99999999999", "web-007", "we\nb-1", "web-1\n",
                "we\u2028b-1", "web-\u0661", "web-+1", "web--1", "x-1-", "0-0");
        for (String name : names) {
            assertThat(PodIdentity.parse(name)).as(String.valueOf(name)).isEqualTo(byRegex(name));
        }
    }

    @Test
    void randomNamesParseAsTheRegexDid() {
        Random random = new Random(42);
        char[] alphabet = {'a', 'b', '-', '0', '1', '9', '\n', '.', 'z'};
        for (int n = 0; n < 20_000; n++) {
            StringBuilder name = new StringBuilder();
            int length = random.nextInt(12);
            for (int i = 0; i < length; i++) {
                name.append(alphabet[random.nextInt(alphabet.length)]);
            }
            String s = name.toString();
            assertThat(PodIdentity.parse(s)).as(s).isEqualTo(byRegex(s));
        }
    }

    @Test
    void ordinalAndMembershipReadTheNameAsParseDoes() {
        Random random = new Random(7);
        char[] alphabet = {'a', 'b', '-', '0', '1', '9', '\n', '.'};
        List<String> setNames = List.of("", "a", "a-b", "ab", "a-1", "a\nb", "-");
        for (int n = 0; n < 20_000; n++) {
            StringBuilder name = new StringBuilder();
            int length = random.nextInt(10);
            for (int i = 0; i < length; i++) {
                name.append(alphabet[random.nextInt(alphabet.length)]);
            }
            Pod pod = new Pod(ObjectMeta.named("default", name.toString()), null, null);
            PodIdentity.ParsedName parsed = byRegex(pod.name());
            assertThat(PodIdentity.ordinal(pod)).as(pod.name()).isEqualTo(parsed.ordinal());
            for (String setName : setNames) {
                StatefulSet set = new StatefulSet(ObjectMeta.named("default", setName), null, null);
                assertThat(PodIdentity.isMemberOf(set, pod)).as(setName + " / " + pod.name()).isEqualTo(setName.equals(parsed.parent()));
            }
        }
    }
}
