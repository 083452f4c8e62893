import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signUp, startTestApp, type TestApp } from './support/test-app.js';

describe('GET /api/dashboard/stats', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.drop());

  it('is all zeros for a new user', async () => {
    const { agent } = await signUp(testApp);
    const response = await agent.get('/api/dashboard/stats').expect(200);
    expect(response.body).toEqual({
      activeProjects: 0,
      documentsAnalyzed: 0,
      totalDealValue: 0,
      valuationsInOtherCurrencies: 0,
      companiesReviewed: 0,
    });
  });

  it('counts projects, sums parsed valuations and counts distinct companies case-insensitively', async () => {
    const { agent } = await signUp(testApp);
    const deals = [
      { name: 'A', companyName: 'Acme Corp', valuation: '$12.5M' },
      { name: 'B', companyName: 'ACME CORP ', valuation: '12,500,000' },
      { name: 'C', companyName: 'Globex', valuation: 'USD 3.2 billion' },
      { name: 'D', companyName: '', valuation: '€800k' },
      { name: 'E', valuation: 'n/a' },
    ];
    for (const deal of deals) await agent.post('/api/projects').send(deal).expect(201);

    const response = await agent.get('/api/dashboard/stats').expect(200);
    expect(response.body).toEqual({
      activeProjects: 5,
      documentsAnalyzed: 0,
      totalDealValue: 12_500_000 + 12_500_000 + 3_200_000_000,
      valuationsInOtherCurrencies: 1,
      companiesReviewed: 2,
    });
  });

  it('adds no negative, absurd or foreign amount to the dollar total, and counts the foreign ones', async () => {
    const { agent } = await signUp(testApp);
    const valuations = [
      '$25,000,000',
      '-$5,000,000',
      '(3,000,000)',
      '-$5,000,000,000,000,000 trillion',
      '$5,000,000,000,000,000 trillion',
      '£40m',
      '€800k',
      'CHF 12 Mio',
    ];
    for (const [index, valuation] of valuations.entries()) {
      await agent
        .post('/api/projects')
        .send({ name: `Deal ${index}`, valuation })
        .expect(201);
    }
    const response = await agent.get('/api/dashboard/stats').expect(200);
    expect(response.body).toMatchObject({
      activeProjects: valuations.length,
      totalDealValue: 25_000_000,
      valuationsInOtherCurrencies: 3,
    });
  });

  // SQLite's lower() folds ASCII only, and MariaDB's collations equate accented letters with plain
  // ones: the count must be the same on both, so each case holds a pair that one of them got wrong.
  it.each([
    ['non-ASCII letter case is one company', ['ÄCME', 'äcme'], 1],
    ['an accent makes another company', ['Acme', 'Äcme'], 2],
    [
      'accents stay apart whatever the case',
      ['Éclair SA', 'ÉCLAIR SA', 'éclair sa', 'Eclair SA'],
      2,
    ],
    ['NFKC: full-width letters are the plain ones', ['ａｃｍｅ', 'ACME', 'acme'], 1],
    ['NFKC: a combining accent is the accented letter', ['A\u0308CME', 'ÄCME'], 1],
    ['Greek, final sigma included', ['ΣΊΣΥΦΟΣ', 'σίσυφος'], 1],
  ])('counts companies alike on every database: %s', async (_label, companies, expected) => {
    const { agent } = await signUp(testApp);
    for (const [index, companyName] of companies.entries()) {
      await agent
        .post('/api/projects')
        .send({ name: `Deal ${index}`, companyName })
        .expect(201);
    }
    const response = await agent.get('/api/dashboard/stats').expect(200);
    expect(response.body.companiesReviewed).toBe(expected);
  });

  it("follows edits and deletions, and never counts another user's deals", async () => {
    const mine = await signUp(testApp);
    const theirs = await signUp(testApp);
    await theirs.agent
      .post('/api/projects')
      .send({ name: 'T', companyName: 'Initech', valuation: '$5M' })
      .expect(201);
    const { body } = await mine.agent
      .post('/api/projects')
      .send({ name: 'M', valuation: '$1M' })
      .expect(201);
    await mine.agent
      .patch(`/api/projects/${body.project.id}`)
      .send({ valuation: '$2.5M', companyName: 'Hooli' })
      .expect(200);
    expect((await mine.agent.get('/api/dashboard/stats')).body).toMatchObject({
      activeProjects: 1,
      totalDealValue: 2_500_000,
      companiesReviewed: 1,
    });
    await mine.agent.patch(`/api/projects/${body.project.id}`).send({ valuation: '' }).expect(200);
    expect((await mine.agent.get('/api/dashboard/stats')).body.totalDealValue).toBe(0);
    await mine.agent.delete(`/api/projects/${body.project.id}`).expect(200);
    expect((await mine.agent.get('/api/dashboard/stats')).body).toEqual({
      activeProjects: 0,
      documentsAnalyzed: 0,
      totalDealValue: 0,
      valuationsInOtherCurrencies: 0,
      companiesReviewed: 0,
    });
  });
});
