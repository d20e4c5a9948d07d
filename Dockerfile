# The controller image. Build the jar first, then the image:
#   ./mvnw -q package -DskipTests && docker build -t stateful-controller:0.1.0 .
FROM eclipse-temurin:17-jre

COPY app/target/stateful.jar /app/stateful.jar

# no user of its own is needed: the numeric id is enough to run without root
USER 65532:65532
ENV HOME=/tmp
EXPOSE 8080

# -XX:-UsePerfData: nothing written under /tmp/hsperfdata, so the root filesystem can be read-only
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", "-XX:-UsePerfData", \
            "-jar", "/app/stateful.jar", "controller"]
