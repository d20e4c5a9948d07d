package dev.stateful.it.differential;

import dev.stateful.it.support.WebSet;
import java.util.List;
import java.util.Random;

/**
 * Seeded random scenarios: a set created with random settings, then a few random user actions,
 * each valid for the set as the actions left it (scale, change or revert the image, move the
 * partition, switch the strategy, set maxUnavailable, delete, fail, unready or ready a pod, hold and
 * release its termination, delete a claim, change the retention policy), and now and then the set
 * deleted at the end. The same seed gives the same scenario, so a
 * failure is replayed with {@code -Doracle.seed=<seed> -Doracle.random=1}.
 */
final class RandomScenarios {

    private static final List<String> IMAGES = List.of(Scenarios.V1, Scenarios.V2, Scenarios.V3);

    private RandomScenarios() {
    }

    static Scenario generate(long seed) {
        Random random = new Random(seed);
        boolean parallel = random.nextBoolean();
        int[] replicas = {1 + random.nextInt(4)};
        int start = random.nextInt(4) == 0 ? random.nextInt(4) : 0;
        String[] templates = List.of(new String[0], new String[] {"www"}, new String[] {"www", "logs"}).get(random.nextInt(3));
        String whenScaled = random.nextBoolean() ? "Retain" : "Delete";
        String whenDeleted = random.nextBoolean() ? "Retain" : "Delete";
        int minReady = random.nextInt(4) == 0 ? 1 : 0;
        boolean[] onDelete = {random.nextInt(4) == 0};
        int initial = replicas[0];
        boolean createdOnDelete = onDelete[0];
        Scenario.Builder scenario = Scenario.named("random seed " + seed);
        if (parallel) {
            scenario.parallel();
        }
        scenario.then("create " + replicas[0] + (parallel ? " Parallel" : " OrderedReady") + (onDelete[0] ? " OnDelete" : "")
                + " from " + start + ", claims " + List.of(templates) + ", " + whenScaled + "/" + whenDeleted + ", minReady " + minReady, a -> {
                    WebSet set = WebSet.in(a.namespace()).replicas(initial).claimTemplates(templates).whenScaled(whenScaled)
                            .whenDeleted(whenDeleted).minReadySeconds(minReady).ordinalsStart(start);
                    WebSet policy = parallel ? set.parallel() : set;
                    a.create(createdOnDelete ? policy.onDelete() : policy);
                });
        int steps = 3 + random.nextInt(3);
        String held = null; // the pod whose termination is held, at most one at a time
        for (int i = 0; i < steps; i++) {
            int pod = start + random.nextInt(Math.max(1, replicas[0]));
            String podName = "web-" + pod;
            switch (random.nextInt(13)) {
                case 0, 1 -> {
                    int to = random.nextInt(5);
                    replicas[0] = to;
                    scenario.then("scale to " + to, a -> a.scale(to));
                }
                case 2, 3 -> {
                    String image = IMAGES.get(random.nextInt(IMAGES.size()));
                    scenario.then("image " + image, a -> a.image(image));
                }
                case 4 -> {
                    if (onDelete[0]) {
                        onDelete[0] = false;
                        scenario.then("switch to RollingUpdate", Actions::rollingUpdate);
                    } else {
                        int partition = random.nextInt(replicas[0] + 2);
                        scenario.then("partition " + partition, a -> a.partition(partition));
                    }
                }
                case 5 -> scenario.then("delete pod " + podName, a -> a.deletePod(podName));
                case 6 -> scenario.then("pod " + podName + " fails", a -> a.failPod(podName));
                case 7 -> {
                    String whenScaledNow = random.nextBoolean() ? "Retain" : "Delete";
                    String whenDeletedNow = random.nextBoolean() ? "Retain" : "Delete";
                    scenario.then("retention " + whenScaledNow + "/" + whenDeletedNow, a -> a.retention(whenScaledNow, whenDeletedNow));
                }
                case 9 -> {
                    int maxUnavailable = 1 + random.nextInt(3);
                    onDelete[0] = false; // a rollingUpdate block makes the strategy RollingUpdate
                    scenario.then("maxUnavailable " + maxUnavailable, a -> a.maxUnavailable(maxUnavailable));
                }
                case 10 -> scenario.then("pod " + podName + " ready again", a -> a.ready(podName, true));
                case 11 -> {
                    if (held == null) {
                        held = podName;
                        scenario.then("hold " + podName + "'s termination", a -> a.holdTermination(podName));
                    } else {
                        String release = held;
                        held = null;
                        scenario.then("release " + release + "'s termination", a -> a.releaseTermination(release));
                    }
                }
                case 12 -> {
                    if (templates.length == 0) {
                        scenario.then("delete pod " + podName, a -> a.deletePod(podName));
                    } else {
                        String claim = templates[random.nextInt(templates.length)] + "-" + podName;
                        scenario.then("delete claim " + claim, a -> a.deleteClaim(claim));
                    }
                }
                default -> {
                    if (!onDelete[0] && random.nextBoolean()) {
                        onDelete[0] = true;
                        scenario.then("switch to OnDelete", Actions::onDelete);
                    } else {
                        scenario.then("pod " + podName + " not ready", a -> a.ready(podName, false));
                    }
                }
            }
        }
        // nothing left terminating for good: the comparison after the release is a settle point of its own
        if (held != null) {
            String release = held;
            scenario.then("release " + release + "'s termination", a -> a.releaseTermination(release));
        }
        if (random.nextInt(4) == 0) {
            scenario.then("delete the set", Actions::deleteSet);
        }
        return scenario.build();
    }
}
