package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * The settings of the in-tree cloud and storage vendor volume sources, each checked as its {@code validate...} function in
 * {@code validateVolumeSource} does: most only require their disk's or volume's name, some also a partition, a secret or
 * known values.
 */
final class CloudVolumeRules {

    /** {@code pdPartitionErrorMsg}: its range says 1, its check allows 0. */
    static final String PARTITION_RANGE = "must be between 1 and 255, inclusive";
    private static final int MAX_PARTITION = 255;
    /** {@code validateAzureDisk}'s caching modes and kinds, sorted as {@code sets.List} gives them. */
    static final List<String> AZURE_CACHING_MODES = List.of("None", "ReadOnly", "ReadWrite");
    static final List<String> AZURE_DISK_KINDS = List.of("Dedicated", "Managed", "Shared");
    private static final String AZURE_MANAGED = "Managed";
    static final String AZURE_MANAGED_URI = "/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}";
    static final String AZURE_BLOB_URI = "https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd";

    private CloudVolumeRules() {
    }

    /**
     * {@code validateGCEPersistentDiskVolumeSource} (Go names its settings {@code persistentDisk}) and
     * {@code validateAWSElasticBlockStoreVolumeSource}: the disk's name (its {@code nameField}), a partition of 0 to 255.
     */
    static List<Violation> partitionedDisk(Json.Obj disk, String nameField, String path) {
        List<Violation> out = new ArrayList<>(Errors.requiredEach(disk, path, nameField));
        out.addAll(partition(disk, path));
        return out;
    }

    private static List<Violation> partition(Json.Obj disk, String path) {
        long partition = disk.integer("partition").orElse(0L);
        return partition < 0 || partition > MAX_PARTITION
                ? List.of(Errors.invalid(path + ".partition", partition, PARTITION_RANGE))
                : List.of();
    }

    /**
     * {@code validateAzureDisk}: a disk name and URI, known caching mode and kind (defaulting gives ReadWrite and Shared), a
     * URI of a managed disk's form for kind Managed, else of a blob's.
     */
    static List<Violation> azureDisk(Json.Obj disk, String path) {
        List<Violation> out = new ArrayList<>(Errors.requiredEach(disk, path, "diskName", "diskURI"));
        disk.string("cachingMode").filter(mode -> !AZURE_CACHING_MODES.contains(mode)).ifPresent(mode ->
                out.add(Errors.notSupported(path + ".cachingMode", mode, AZURE_CACHING_MODES.toArray(String[]::new))));
        disk.string("kind").ifPresent(kind -> {
            if (!AZURE_DISK_KINDS.contains(kind)) {
                out.add(Errors.notSupported(path + ".kind", kind, AZURE_DISK_KINDS.toArray(String[]::new)));
            }
            String uri = disk.string("diskURI").orElse("");
            boolean managed = kind.equals(AZURE_MANAGED);
            if (managed && !uri.startsWith("/subscriptions/")) {
                out.add(Errors.notSupported(path + ".diskURI", uri, AZURE_MANAGED_URI));
            }
            if (!managed && !uri.startsWith("https://")) {
                out.add(Errors.notSupported(path + ".diskURI", uri, AZURE_BLOB_URI));
            }
        });
        return out;
    }

    /** {@code validateCinderVolumeSource}: a volume id, a secretRef, if given, naming its secret. */
    static List<Violation> cinder(Json.Obj cinder, String path) {
        List<Violation> out = new ArrayList<>(Errors.requiredEach(cinder, path, "volumeID"));
        out.addAll(secretRefName(cinder, path));
        return out;
    }

    /**
     * {@code validateStorageOSVolumeSource}: a volume name that is a DNS-1123 label, a namespace, if given, of that form,
     * a secretRef, if given, naming its secret.
     */
    static List<Violation> storageos(Json.Obj storageos, String path) {
        List<Violation> out = new ArrayList<>(Errors.requiredEach(storageos, path, "volumeName"));
        for (String field : List.of("volumeName", "volumeNamespace")) {
            String value = storageos.string(field).orElse("");
            if (!value.isEmpty()) {
                out.addAll(Errors.invalidEach(path + "." + field, value, Names.dns1123Label(value)));
            }
        }
        out.addAll(secretRefName(storageos, path));
        return out;
    }

    private static List<Violation> secretRefName(Json.Obj source, String path) {
        return source.has("secretRef") ? Errors.requiredEach(source.objectOrEmpty("secretRef"), path + ".secretRef", "name") : List.of();
    }
}
