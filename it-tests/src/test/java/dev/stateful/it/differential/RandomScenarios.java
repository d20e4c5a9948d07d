package dev.stateful.it.differential;

import dev.stateful.it.support.WebSet;
import java.util.List;
import java.util.Random;

/**
 * Seeded random scenarios: a set created with random settings, then a few random user actions,
 * each valid for the set as the actions left it. The same seed gives the same scenario, so a
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
        for (int i = 0; i < steps; i++) {
            int pod = start + random.nextInt(Math.max(1, replicas[0]));
            String podName = "web-" + pod;
            switch (random.nextInt(9)) {
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
        return scenario.build();
    }
}
