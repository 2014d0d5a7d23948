import { describe, expect, it } from 'vitest';
import { parseHeaders } from './headers.js';
import { automatedReason, baseAddress } from './loop-guard.js';

const own = { ownAddresses: ['majordomo@example.org'] };
const judge = (headers: string, envelopeFrom?: string) =>
  automatedReason(parseHeaders(`From: Owner <owner@example.org>\r\nTo: majordomo@example.org\r\n${headers}`), { ...own, envelopeFrom });

describe('automatedReason', () => {
  it('lets a person\'s mail through', () => {
    expect(judge('Subject: lights\r\n')).toBeUndefined();
    expect(judge('Auto-Submitted: no\r\n')).toBeUndefined();
    expect(judge('Precedence: first-class\r\n')).toBeUndefined();
    expect(judge('X-Auto-Response-Suppress: DR, RN\r\n')).toBeUndefined();
    expect(judge('Content-Type: multipart/alternative; boundary=x\r\n')).toBeUndefined();
    expect(judge('', 'owner@example.org')).toBeUndefined();
  });

  it('stops auto-replies, whatever their case or parameters', () => {
    expect(judge('Auto-Submitted: auto-replied\r\n')).toMatch(/Auto-Submitted: auto-replied/);
    expect(judge('AUTO-SUBMITTED: Auto-Generated; owner-email="x@y"\r\n')).toMatch(/auto-generated/);
    expect(judge('Auto-Submitted: auto-notified (vacation)\r\n')).toMatch(/auto-notified/);
    expect(judge('X-Autoreply: yes\r\n')).toMatch(/x-autoreply/);
    expect(judge('X-Autorespond: Out of office\r\n')).toMatch(/x-autorespond/);
    expect(judge('X-Auto-Response-Suppress: All\r\n')).toMatch(/X-Auto-Response-Suppress/);
    expect(judge('X-Auto-Response-Suppress: OOF, AutoReply\r\n')).toMatch(/X-Auto-Response-Suppress/);
  });

  it('stops bounces and reports', () => {
    expect(judge('', '')).toMatch(/null sender/);
    expect(judge('Return-Path: <>\r\n')).toMatch(/null sender/);
    expect(judge('X-Failed-Recipients: sam@example.com\r\n')).toMatch(/x-failed-recipients/);
    expect(judge('Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n')).toMatch(/report/);
    expect(automatedReason(parseHeaders('From: Mail Delivery Subsystem <MAILER-DAEMON@mx.example.org>\r\n'), own)).toMatch(/mailer-daemon@/);
    expect(automatedReason(parseHeaders('From: postmaster@example.net\r\n'), own)).toMatch(/postmaster@/);
  });

  it('stops mailing lists and bulk mail', () => {
    expect(judge('Precedence: bulk\r\n')).toMatch(/bulk/);
    expect(judge('Precedence: list\r\n')).toMatch(/list/);
    expect(judge('Precedence: junk\r\n')).toMatch(/junk/);
    expect(judge('List-Id: Family <family.lists.example.org>\r\n')).toMatch(/mailing list/);
    expect(judge('List-Unsubscribe: <mailto:leave@example.org>\r\n')).toMatch(/mailing list/);
  });

  it('stops its own mail, with or without a token, and mail that passed through it', () => {
    expect(automatedReason(parseHeaders('From: Majordomo <majordomo@example.org>\r\n'), own)).toMatch(/assistant itself/);
    expect(automatedReason(parseHeaders('From: majordomo+abcdefghijklmnop@EXAMPLE.org\r\n'), own)).toMatch(/assistant itself/);
    expect(judge('X-Loop: majordomo@example.org\r\n')).toMatch(/X-Loop/);
  });

  it('reads folded headers', () => {
    expect(judge('Auto-Submitted:\r\n auto-replied\r\n')).toMatch(/auto-replied/);
  });

  it('strips a plus tag from an address', () => {
    expect(baseAddress('Majordomo+Tok@Example.org')).toBe('majordomo@example.org');
  });
});
