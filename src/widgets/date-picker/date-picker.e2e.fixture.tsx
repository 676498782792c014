/**
 * A test page for the date picker in real Chromium (date-picker.e2e.ts bundles it with Vite and
 * serves it through page.route, as widgets.e2e.ts does). The pickers sit in a shadow root, as
 * inside our elements, with the real English labels; what they report goes to `window.datePickerLog`.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { LABELS } from '../../../demo-pages/data/labels.ts';
import baseStyles from '../../runtime/base.css?inline';
import { StyleContext, styleScope } from '../../runtime/styles.ts';
import { DatePicker } from './index.ts';

declare global {
  interface Window {
    datePickerLog: string[];
  }
}
window.datePickerLog = [];
const log = (entry: string) => window.datePickerLog.push(entry);

const t = (key: string) => {
  const [module = '', name = ''] = key.split(':');
  return LABELS[module]?.[name]?.eng ?? `{{${key}}}`;
};

function Fixture() {
  const [date, setDate] = useState<string | null>('15.03.2024');
  const [period, setPeriod] = useState<[string, string]>(['01.03.2024', '15.03.2024']);
  const [moment, setMoment] = useState<string | null>('15.03.2024 10:30');
  return (
    <>
      <section className="single">
        <DatePicker
          lang="eng"
          t={t}
          label="Trade date"
          value={date}
          min="01.01.2020"
          max="31.12.2025"
          today="15.03.2024"
          onChange={(value) => {
            log(`date:${value}`);
            setDate(value);
          }}
          onInputError={(error) => log(`error:${error.field}:${error.kind}`)}
        />
      </section>
      <div style={{ height: 900 }} />
      <section className="range">
        <DatePicker
          range
          lang="eng"
          t={t}
          startLabel="From"
          endLabel="To"
          value={period}
          max="15.03.2024"
          today="15.03.2024"
          onChange={(value, info) => {
            log(`period:${value.join('~')}${info.capped ? ':capped' : ''}`);
            setPeriod(value);
          }}
          onInputError={(error) => log(`error:${error.field}:${error.kind}`)}
        />
      </section>
      <section className="intraday">
        <DatePicker
          lang="eng"
          t={t}
          label="Intraday from"
          showTime
          value={moment}
          min="15.03.2024 10:00"
          max="15.03.2024 18:45"
          today="15.03.2024"
          onChange={(value) => {
            log(`moment:${value}`);
            setMoment(value);
          }}
        />
      </section>
      <div style={{ height: 1200 }} />
    </>
  );
}

class DatePickerFixture extends HTMLElement {
  connectedCallback() {
    const shadow = this.attachShadow({ mode: 'open' });
    const styles = styleScope(shadow);
    styles.add(baseStyles, 'base');
    styles.add('section { padding: 12px; }', 'element');
    const mount = document.createElement('div');
    shadow.append(mount);
    createRoot(mount).render(
      <StyleContext value={styles}>
        <Fixture />
      </StyleContext>,
    );
  }
}
customElements.define('date-picker-fixture', DatePickerFixture);
