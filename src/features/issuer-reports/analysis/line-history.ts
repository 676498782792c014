/** The history of one report line across the section's periods, oldest first, to chart. */
import type { ReportSection } from '../../../contract/reports.ts';
import { sectionLines } from './section-lines.ts';

export interface HistoryPoint {
  /** Period end, seconds (the column's `date.numeric`). */
  time: number;
  /** The period as the table titles it. */
  title: string;
  /** null: not reported (a gap in the chart, "—" in the text alternative). */
  value: number | null;
}

export interface LineHistory {
  id: string;
  title: string;
  dimension: string;
  points: HistoryPoint[];
}

/** null when the section does not show the line (unknown id, or a withheld row). */
export function lineHistory(section: ReportSection, lineId: string): LineHistory | null {
  const found = sectionLines(section).find((entry) => entry.line.id === lineId);
  if (!found) return null;
  const points = section.scroll_head
    .map((column, i) => ({ time: column['date.numeric'], title: column.ttl, value: found.values[i] ?? null }))
    .sort((a, b) => a.time - b.time);
  return { id: found.line.id, title: found.line.ttl, dimension: found.dimension, points };
}
