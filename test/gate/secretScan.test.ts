// Secrets in what servers answer: each category is found and replaced, near
// misses are left alone, and hostile inputs built to make a scanner rescan
// cost linear time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countsText, findSecrets, redactJson, redactText, SECRET_CATEGORIES } from '../../server/src/gate/secretScan';
import { inContext, plantedSecrets } from './flowHelpers';

describe('secret scan', () => {
  const planted = plantedSecrets();

  for (const category of SECRET_CATEGORIES) {
    it(`${category}: found and replaced by [redacted:${category}], the text around it kept`, () => {
      const text = inContext(category, planted[category]);
      const r = redactText(text);
      assert.ok(!r.text.includes(planted[category]), r.text);
      assert.ok(r.text.includes(`[redacted:${category}]`), r.text);
      assert.deepEqual(r.counts, { [category]: 1 });
      if (category === 'bearer-token') assert.equal(r.text, 'Authorization: Bearer [redacted:bearer-token]');
      if (category === 'connection-string') assert.equal(r.text, 'DATABASE_URL=postgres://[redacted:connection-string]@db.internal:5432/app');
      if (category !== 'bearer-token' && category !== 'connection-string') assert.equal(r.text, `value: [redacted:${category}]\nnext line`);
    });
  }

  it('a private key without its END line is redacted to the end of the text (fail closed)', () => {
    const r = redactText(`before\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\ntruncated`);
    assert.equal(r.text, 'before\n[redacted:private-key]');
  });

  it('ADO-style connection strings lose their password', () => {
    assert.equal(redactText('Server=db;User Id=sa;Password=Hunter2!x;Encrypt=true').text, 'Server=db;User Id=sa;Password=[redacted:connection-string];Encrypt=true');
  });

  it('near misses are left alone', () => {
    for (const text of [
      'ask-me, desk-top and sk-short are words',
      'https://example.com/a:b and mailto:user@example.com',
      'user@example.com: not a URL with a password',
      'AKIA is an prefix; AKIAIOSFODNN7EXAMPLEs is too long',
      'the bearer of bad news',
      'eyJ alone, eyJabc.def',
      'a public key: -----BEGIN PUBLIC KEY-----',
      'password_hint=blue',
      'xghp_' + 'a'.repeat(36),
    ]) {
      assert.equal(redactText(text).text, text, text);
    }
  });

  it('every string of a JSON answer is scanned, keys and base64 fields are not', () => {
    const answer = {
      content: [
        { type: 'text', text: `token ${planted['github-token']}` },
        { type: 'image', data: planted['github-token'], mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'file:///x', text: planted['private-key'] } },
      ],
      structuredContent: { deep: [[{ key: planted['stripe-key'] }]], [planted['npm-token']]: 1 },
    };
    const counts = redactJson(answer);
    assert.deepEqual(counts, { 'github-token': 1, 'private-key': 1, 'stripe-key': 1 });
    assert.equal(answer.content[0].text, 'token [redacted:github-token]');
    assert.equal(answer.content[1].data, planted['github-token']);
    assert.equal(answer.structuredContent.deep[0][0].key, '[redacted:stripe-key]');
    assert.ok(Object.hasOwn(answer.structuredContent, planted['npm-token']));
    assert.equal(countsText(counts), '3 secrets (private-key, github-token, stripe-key)');
    assert.equal(countsText({ jwt: 2 }), '2 secrets (jwt ×2)');
  });

  it('hostile inputs cost linear time (4 MB each, far under what a quadratic scan would take)', () => {
    const size = 4 * 1024 * 1024;
    for (const unit of ['eyJ-', 'sk-', '-----BEGIN RSA PRIVATE KEY-----', 'a://b:c:', 'Bearer ', 'password=', 'AKIA', '-----BEGIN ', 'ghp_']) {
      const text = unit.repeat(Math.ceil(size / unit.length));
      const t0 = performance.now();
      findSecrets(text);
      const ms = performance.now() - t0;
      // A quadratic scan of 4 MB takes hours; linear takes about a second on a busy machine.
      assert.ok(ms < 10_000, `${JSON.stringify(unit)}: ${ms.toFixed(0)} ms`);
    }
  });
});
