package dev.pz.connectors.formats;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Builds an .xlsx file part by part, the way spreadsheet programs store one: shared strings,
 * styles with built-in and custom number formats, formulas with cached values, sparse rows. Tests
 * write exactly the XML a case needs.
 */
final class TestWorkbook {

    /** Cell styles: 0 general, 1 built-in date (14), 2 custom {@code yyyy-mm-dd hh:mm}, 3 built-in date-time (22). */
    static final String STYLES = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
            <numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd\\ hh:mm"/></numFmts>
            <cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/>\
            <xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="22" applyNumberFormat="1"/></cellXfs>
            </styleSheet>""";

    private final Map<String, String> sheets = new LinkedHashMap<>();
    private final List<String> strings = new ArrayList<>();

    /** Adds a sheet whose {@code <sheetData>} holds {@code rows}. */
    TestWorkbook sheet(String name, String rows) {
        sheets.put(name, rows);
        return this;
    }

    /** Adds a shared string and returns its index. */
    int string(String text) {
        strings.add(text);
        return strings.size() - 1;
    }

    Path write(Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            StringBuilder overrides = new StringBuilder();
            StringBuilder workbookSheets = new StringBuilder();
            StringBuilder relations = new StringBuilder();
            int n = 1;
            for (Map.Entry<String, String> sheet : sheets.entrySet()) {
                overrides.append("<Override PartName=\"/xl/worksheets/sheet").append(n).append(".xml\" ContentType=\"")
                        .append("application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>");
                workbookSheets.append("<sheet name=\"").append(sheet.getKey()).append("\" sheetId=\"").append(n)
                        .append("\" r:id=\"rId").append(n).append("\"/>");
                relations.append("<Relationship Id=\"rId").append(n).append("\" Type=\"http://schemas.openxmlformats.org/")
                        .append("officeDocument/2006/relationships/worksheet\" Target=\"worksheets/sheet").append(n)
                        .append(".xml\"/>");
                put(zip, "xl/worksheets/sheet" + n + ".xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><worksheet"
                        + " xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>"
                        + sheet.getValue() + "</sheetData></worksheet>");
                n++;
            }
            put(zip, "[Content_Types].xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Types xmlns=\"http://schemas."
                    + "openxmlformats.org/package/2006/content-types\"><Default Extension=\"rels\" ContentType=\"application/"
                    + "vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/"
                    + "xml\"/><Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-"
                    + "officedocument.spreadsheetml.sheet.main+xml\"/><Override PartName=\"/xl/styles.xml\" ContentType="
                    + "\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/><Override PartName="
                    + "\"/xl/sharedStrings.xml\" ContentType=\"application/vnd.openxmlformats-officedocument."
                    + "spreadsheetml.sharedStrings+xml\"/>" + overrides + "</Types>");
            put(zip, "_rels/.rels", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Relationships xmlns=\"http://schemas."
                    + "openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas."
                    + "openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"xl/workbook.xml\"/>"
                    + "</Relationships>");
            put(zip, "xl/workbook.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><workbook xmlns=\"http://schemas."
                    + "openxmlformats.org/spreadsheetml/2006/main\" xmlns:r=\"http://schemas.openxmlformats.org/"
                    + "officeDocument/2006/relationships\"><sheets>" + workbookSheets + "</sheets></workbook>");
            put(zip, "xl/_rels/workbook.xml.rels", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Relationships xmlns="
                    + "\"http://schemas.openxmlformats.org/package/2006/relationships\">" + relations + "</Relationships>");
            put(zip, "xl/styles.xml", STYLES);
            StringBuilder shared = new StringBuilder();
            for (String text : strings) {
                shared.append("<si><t>").append(text.replace("&", "&amp;").replace("<", "&lt;")).append("</t></si>");
            }
            put(zip, "xl/sharedStrings.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><sst xmlns=\"http://schemas."
                    + "openxmlformats.org/spreadsheetml/2006/main\" count=\"" + strings.size() + "\" uniqueCount=\""
                    + strings.size() + "\">" + shared + "</sst>");
        }
        return file;
    }

    private static void put(ZipOutputStream zip, String name, String text) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(text.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }
}
