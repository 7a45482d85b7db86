package dev.pz.connectors.formats;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ContractTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.SeekableFileInput;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;

/**
 * Reads an Avro object container file on the local disk into Arrow with the Apache Avro library,
 * as DuckDB's {@code read_avro(<file>)} would: one column per field of the file's record schema
 * (see {@link AvroColumn} for the types), optionally through a {@code columns:} contract. A file
 * connector calls it on its own files; an object-store connector on a spooled copy. {@code label}
 * is how messages name the file.
 */
public final class AvroFiles {

    /** Codecs the Avro library decompresses with what pz ships (snappy, xz and zstandard need native or extra libraries). */
    static final Set<String> CODECS = Set.of("null", "deflate", "bzip2");

    private AvroFiles() {
    }

    /**
     * The schema a read produces: the contract's columns and types, or the file's fields. Reads the
     * file's header only.
     *
     * @param contract declared columns in order, or null
     * @throws FormatFailure for a missing or unreadable file, a codec this build lacks, a schema
     *     without one column type per field, or a contract column the file lacks or cannot be cast to
     */
    public static Schema schema(Path file, String label, Map<String, ContractTypes> contract) {
        try (DataFileReader<GenericRecord> reader = openReader(file, label)) {
            return columns(reader.getSchema(), label, contract).schema();
        } catch (IOException e) {
            throw FormatFailure.unreadable("avro file '" + label + "' cannot be read (" + XlsxWorkbook.cause(e) + ")");
        }
    }

    /**
     * Opens the file as an Arrow reader of {@link #schema}'s schema. The caller owns the reader;
     * closing it closes the file. A truncated or corrupt block fails the read naming the file.
     */
    public static ArrowReader open(Path file, String label, Map<String, ContractTypes> contract,
            BufferAllocator allocator, BatchOptions batch) {
        DataFileReader<GenericRecord> reader = openReader(file, label);
        try {
            ContractColumns columns = columns(reader.getSchema(), label, contract);
            return new AvroArrowReader(allocator, reader, columns, label, batch);
        } catch (RuntimeException e) {
            try {
                reader.close();
            } catch (IOException ignored) {
                // Already failing.
            }
            throw e;
        }
    }

    private static DataFileReader<GenericRecord> openReader(Path file, String label) {
        if (!Files.isRegularFile(file)) {
            throw FormatFailure.missing("avro file not found: '" + label + "'");
        }
        AvroHeader header;
        try {
            header = AvroHeader.read(file);
        } catch (IOException | RuntimeException e) {
            throw unreadable(label, e);
        }
        if (!CODECS.contains(header.codec())) {
            throw FormatFailure.unsupported("avro file '" + label + "' is compressed with codec '" + header.codec()
                    + "', which this build of pz cannot decompress (it reads " + String.join(", ", CODECS.stream()
                            .sorted().toList()) + ") -- rewrite the file with one of them");
        }
        try {
            if (!header.endsWithSync(file)) {
                throw FormatFailure.unreadable("avro file '" + label + "' is truncated: it does not end with its"
                        + " sync marker, as every complete Avro file does -- copy the whole file again");
            }
            return new DataFileReader<>(new SeekableFileInput(file.toFile()), new GenericDatumReader<>());
        } catch (IOException | org.apache.avro.AvroRuntimeException e) {
            throw unreadable(label, e);
        }
    }

    private static FormatFailure unreadable(String label, Exception e) {
        return FormatFailure.unreadable("avro file '" + label + "' is not a readable Avro data file ("
                + XlsxWorkbook.cause(e) + ") -- check that it is an Avro object container file and complete");
    }

    private static ContractColumns columns(org.apache.avro.Schema schema, String label,
            Map<String, ContractTypes> contract) {
        if (schema.getType() != org.apache.avro.Schema.Type.RECORD) {
            throw FormatFailure.unsupported("avro file '" + label + "' holds " + AvroColumn.describe(schema)
                    + " values, not records -- pz reads files whose schema is a record");
        }
        List<org.apache.avro.Schema.Field> fields = schema.getFields();
        List<String> names = new ArrayList<>();
        List<SourceType> types = new ArrayList<>();
        List<org.apache.arrow.vector.types.pojo.Field> arrowFields = new ArrayList<>();
        try {
            for (org.apache.avro.Schema.Field field : fields) {
                names.add(field.name());
                types.add(AvroColumn.sourceType(AvroColumn.unwrap(field.schema(), field.name())));
                org.apache.arrow.vector.types.pojo.Field arrow = AvroColumn.field(field.name(), field.schema());
                arrowFields.add(arrow);
            }
        } catch (FormatFailure e) {
            throw FormatFailure.unsupported("avro file '" + label + "': " + e.getMessage());
        }
        if (contract != null) {
            try {
                return ContractColumns.declared(contract, names, name -> indexOf(names, name), types::get);
            } catch (ContractColumns.Mismatch e) {
                throw FormatFailure.contract("avro file '" + label + "': " + e.getMessage());
            }
        }
        return ContractColumns.inferred(arrowFields, types);
    }

    private static int indexOf(List<String> names, String name) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }
}
