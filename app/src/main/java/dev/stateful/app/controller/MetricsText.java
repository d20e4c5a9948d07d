package dev.stateful.app.controller;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The scrape as client-go-based controllers expose it. Micrometer adds a {@code <name>_max} gauge
 * to every histogram: the largest value of a sliding two-minute window, 0 whenever that window is
 * quiet. No Kubernetes component has these and no dashboard can use a maximum that resets, so they
 * are left out.
 */
public final class MetricsText {

    private static final Pattern TYPE = Pattern.compile("# TYPE (\\S+) (histogram|summary)");
    private static final Pattern NAME = Pattern.compile("^(?:# (?:HELP|TYPE) )?([a-zA-Z_:][a-zA-Z0-9_:]*)");

    private MetricsText() {
    }

    public static String withoutMaxGauges(String scrape) {
        Set<String> drop = new HashSet<>();
        Matcher types = TYPE.matcher(scrape);
        while (types.find()) {
            drop.add(types.group(1) + "_max");
        }
        if (drop.isEmpty()) {
            return scrape;
        }
        return scrape.lines().filter(line -> {
            Matcher m = NAME.matcher(line);
            return !(m.find() && drop.contains(m.group(1)));
        }).collect(Collectors.joining("\n", "", "\n"));
    }
}
