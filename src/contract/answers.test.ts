import { describe, expect, it } from 'vitest';
import {
  checkFullInfoTable,
  checkHolders,
  checkLabels,
  checkMarketTable,
  checkPriceDynamics,
  emptyPriceDynamics,
} from './answers.ts';

const dynamics = {
  last_price: 305.1,
  'last_price.numeric': 305.1,
  absolute_max_price_1m: '***',
  absolute_min_price_1m: '***',
  delta_last_price_1m: null,
  absolute_max_price_1y: 320,
  absolute_min_price_1y: 250,
  delta_last_price_1y: 4.2,
  date: '20.11.2026',
  currency: 'RUB',
};

describe('answer checks', () => {
  it('pass a well-formed answer as it came, extra fields included', () => {
    expect(checkPriceDynamics(dynamics, '')).toMatchObject(dynamics);
    const holders = {
      data: [{ name: 'A', share: 1 }],
      fields: ['name', 'share'],
      fieldsLabels: { name: 'Name' },
    };
    expect(checkHolders(holders, '')).toEqual(holders);
  });

  it.each([
    ['null', null, 'expected an object, got null'],
    ['a list for an object', [], 'expected an object, got a list'],
    ['an object without the values', {}, 'absolute_max_price_1m: expected a number, got nothing'],
    ['a value of another kind', { ...dynamics, last_price: 'high' }, 'last_price: expected a number'],
  ])('name the field of a wrong-shape price-dynamics answer: %s', (_name, answer, message) => {
    expect(() => checkPriceDynamics(answer, '')).toThrow(message);
  });

  it('name the field of wrong-shape tables: holders, leaders, archive', () => {
    expect(() => checkHolders({}, '')).toThrow('data: expected a list, got nothing');
    expect(() => checkHolders({ data: {}, fields: [] }, '')).toThrow('data: expected a list, got an object');
    expect(() => checkMarketTable({ data: [null], fields: [] }, '')).toThrow('data[0]: expected an object');
    expect(() => checkMarketTable({ data: [{ name: 5 }], fields: [] }, '')).toThrow('data[0].name');
    expect(() => checkFullInfoTable({ data: [], fields: [] }, '')).toThrow('dateFrom: expected a string');
    expect(() => checkFullInfoTable({ data: [{ date: 1 }], dateFrom: 'a', dateTo: 'b' }, '')).toThrow(
      'data[0].date: expected a string',
    );
  });

  it('give an archive without a total the number of its rows', () => {
    const table = checkFullInfoTable({ data: [{ date: '01.01.2026' }], dateFrom: 'a', dateTo: 'b' }, '');
    expect(table).toMatchObject({ total: 1, result: true, currency: '' });
  });

  it('keep the labels that are text and refuse an answer that is not a map', () => {
    expect(checkLabels({ a: 'A', b: 3, c: null }, '')).toEqual({ a: 'A' });
    expect(() => checkLabels(null, '')).toThrow('expected an object');
    expect(() => checkLabels(['x'], '')).toThrow('expected an object');
  });

  it('an empty price dynamics has every value null', () => {
    expect(Object.values(emptyPriceDynamics()).every((value) => value === null)).toBe(true);
    expect(checkPriceDynamics(emptyPriceDynamics(), '')).toEqual(emptyPriceDynamics());
  });
});
