package dev.stateful.bench;

import java.util.ArrayList;
import java.util.List;

/** Renders the rows as one Markdown table (readable as plain text too). */
public final class Table {

    private static final String[] HEADERS = {"#", "figure", "ours", "baseline", "ratio", "goal", "result"};

    private Table() {
    }

    public static String render(List<Row> rows) {
        List<String[]> cells = new ArrayList<>();
        cells.add(HEADERS);
        for (Row r : rows) {
            cells.add(new String[] {r.id(), r.figure(), r.ours(), r.baseline(), r.ratioText(), r.goal(), r.verdict().text()});
        }
        int[] widths = new int[HEADERS.length];
        for (String[] line : cells) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int n = 0; n < cells.size(); n++) {
            appendLine(out, cells.get(n), widths);
            if (n == 0) {
                String[] rule = new String[HEADERS.length];
                for (int i = 0; i < rule.length; i++) {
                    rule[i] = "-".repeat(widths[i]);
                }
                appendLine(out, rule, widths);
            }
        }
        return out.toString();
    }

    private static void appendLine(StringBuilder out, String[] line, int[] widths) {
        out.append('|');
        for (int i = 0; i < line.length; i++) {
            out.append(' ').append(line[i]).append(" ".repeat(widths[i] - line[i].length())).append(" |");
        }
        out.append('\n');
    }
}
