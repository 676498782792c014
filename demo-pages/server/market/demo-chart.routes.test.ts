import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChartResponse, type LinePoint, type MapPoint } from '../../../src/contract/chart-widget.ts';
import { bondMapResponse } from '../shared/chart-responses.ts';
import { client, createTestApp, createTestDatabase, type TestDatabase } from '../shared/testing.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = createTestDatabase();
  app = await createTestApp(database.dbPath);
});
afterAll(async () => {
  await app.close();
  database.cleanup();
});

describe("the main origin's <fin-chart> demo data (POST /api/demo-chart/{kind}/)", () => {
  it('answers the line with two stocks inside the dates, checked as the element checks it', async () => {
    const answer = await client(app).post('/api/demo-chart/line/', {
      periodId: 1,
      beginDate: '01.05.2025',
      endDate: '30.06.2025',
    });
    expect(answer.statusCode).toBe(200);
    const chart = checkChartResponse(answer.json(), 'demo line');
    expect(chart.graph_type).toBe('line');
    expect(chart.series.map((series) => series.field)).toHaveLength(2);
    const times = chart.series.flatMap((series) => (series.data as LinePoint[]).map(([time]) => time));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.UTC(2025, 4, 1) / 1000);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.UTC(2025, 5, 30) / 1000);
    expect(chart.data.length).toBe(chart.series[0]!.data.length);
  });

  it('answers the bond map with the same builder as the partner origin, for the dates asked', async () => {
    const request = { periodId: null, beginDate: '01.06.2025', endDate: '30.06.2025' };
    const answer = await client(app).post('/api/demo-chart/map/', request);
    expect(answer.statusCode).toBe(200);
    const chart = checkChartResponse(answer.json(), 'demo map');
    expect(chart.graph_type).toBe('map');
    expect(chart.series.flatMap((series) => series.data as MapPoint[]).length).toBeGreaterThan(5);
    const db = new Database(database.dbPath, { readonly: true });
    expect(chart).toEqual(bondMapResponse(db, request));
    db.close();
  });

  it('refuses a start after the end and an unknown kind', async () => {
    const visitor = client(app);
    const late = await visitor.post('/api/demo-chart/line/', {
      periodId: null,
      beginDate: '30.06.2025',
      endDate: '01.06.2025',
    });
    expect(late.statusCode).toBe(400);
    const unknown = await visitor.post('/api/demo-chart/pie/', {
      periodId: null,
      beginDate: '01.06.2025',
      endDate: '30.06.2025',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
