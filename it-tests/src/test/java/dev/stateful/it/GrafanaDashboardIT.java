package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.controller.RunningController;
import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import dev.stateful.it.support.MockCluster;
import dev.stateful.it.support.Scrape;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard in deploy/ queries only series the controller exports: every metric name
 * in every panel's PromQL is in a real /metrics scrape, and every label it matches on exactly has
 * a sample with that value there (a controller with leader election, after a rollout).
 */
class GrafanaDashboardIT {

    static final Path DASHBOARD = Path.of("..", "deploy", "base", "grafana-dashboard.json");
    /** PromQL functions, aggregations and keywords: the identifiers in a query that are not series. */
    static final Set<String> PROMQL = Set.of("rate", "irate", "increase", "sum", "max", "min", "avg", "count", "by", "without",
            "histogram_quantile", "label_values", "label_replace", "clamp_min", "topk", "and", "or", "unless", "on", "ignoring");
    static final Pattern SELECTOR = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*\\{([^}]*)}");
    static final Pattern EXACT_MATCHER = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*=\\s*\"([^\"]*)\"");
    static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");

    static List<String> expressions(Json json) {
        List<String> out = new ArrayList<>();
        if (json instanceof Json.Obj o) {
            o.fields().forEach((k, v) -> {
                if (k.equals("expr")) {
                    out.add(v.asString().orElseThrow());
                } else {
                    out.addAll(expressions(v));
                }
            });
        } else if (json instanceof Json.Arr a) {
            a.items().forEach(v -> out.addAll(expressions(v)));
        }
        return out;
    }

    /** The series names in a query: identifiers left once selectors' braces, ranges, strings, by-clauses and functions are gone. */
    static Set<String> seriesNames(String expr) {
        String bare = expr.replaceAll("\\{[^}]*}", " ").replaceAll("\\[[^]]*]", " ").replaceAll("\"[^\"]*\"", " ")
                .replaceAll("\\b(by|without)\\s*\\([^)]*\\)", " ");
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(bare);
        while (m.find()) {
            if (!PROMQL.contains(m.group()) && !m.group().matches("\\d.*")) {
                names.add(m.group());
            }
        }
        return names;
    }

    @Test
    void everySeriesTheDashboardQueriesIsInTheControllersMetrics() throws Exception {
        List<String> queries = expressions(JsonParser.parse(Files.readString(DASHBOARD)));
        assertThat(queries).as("panels with queries").hasSizeGreaterThan(10);

        try (MockCluster cluster = new MockCluster()) {
            String leases = cluster.newNamespace();
            RunningController controller = cluster.startController(MockCluster.CONTROLLER, "--leader-elect", "--lease-namespace", leases);
            Workload web = new Workload(cluster.client(), cluster.newNamespace(), "web", Duration.ofSeconds(30));
            web.create(WebSet.in(web.namespace()).replicas(2));
            web.awaitRolledOut(2);
            Scrape scrape = web.await("the leader's gauge", () -> Scrape.of(controller.port()),
                    s -> s.value("leader_election_master_status", Map.of("name", "stateful-controller")).equals(Optional.of(1.0)));

            // client-go's REST client series, by the API server's answer: the list/watch GETs and the pod creations
            assertThat(scrape.value("rest_client_requests_total", Map.of("code", "200", "method", "GET")))
                    .hasValueSatisfying(v -> assertThat(v).isPositive());
            assertThat(scrape.value("rest_client_requests_total", Map.of("code", "201", "method", "POST")))
                    .hasValueSatisfying(v -> assertThat(v).isGreaterThanOrEqualTo(2));
            // Micrometer's per-histogram max gauges reset to 0 in quiet windows; they are not exported
            for (String histogram : List.of("workqueue_queue_duration_seconds", "stateful_reconcile_duration_seconds", "rest_client_request_duration_seconds")) {
                assertThat(scrape.has(histogram + "_bucket")).as(histogram + "_bucket").isTrue();
                assertThat(scrape.has(histogram + "_max")).as(histogram + "_max").isFalse();
            }

            for (String query : queries) {
                Set<String> names = seriesNames(query);
                assertThat(names).as("series in " + query).isNotEmpty();
                for (String name : names) {
                    assertThat(scrape.has(name)).as(name + " (queried by " + query + ") in /metrics").isTrue();
                }
                Matcher selector = SELECTOR.matcher(query);
                while (selector.find()) {
                    Matcher matcher = EXACT_MATCHER.matcher(selector.group(2));
                    while (matcher.find()) {
                        assertThat(scrape.value(selector.group(1), Map.of(matcher.group(1), matcher.group(2))))
                                .as(selector.group(1) + " with " + matcher.group() + " (queried by " + query + ")").isPresent();
                    }
                }
            }
        }
    }

    @Test
    void theQueryParserFindsBareAndSelectedSeriesButNoFunctions() {
        assertThat(seriesNames("histogram_quantile(0.99, sum by (le, verb) (rate(rest_client_request_duration_seconds_bucket{a=\"b\"}[5m])))"))
                .containsExactly("rest_client_request_duration_seconds_bucket");
        assertThat(seriesNames("process_open_fds / process_max_fds")).containsExactly("process_max_fds", "process_open_fds");
    }
}
