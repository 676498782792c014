/** The year-over-year view of a statement table (the statements' StatementView hook). */
import type { StatementView } from '../statements/statements.model.ts';
import { percent } from './analysis-text.ts';
import { yearEarlierColumns, yoyValues } from './yoy.ts';

export const YOY_VIEW: StatementView = {
  values: (line, section) => yoyValues(line.values, yearEarlierColumns(section.scroll_head)),
  format: (value) => percent(value),
};
