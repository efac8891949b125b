/**
 * The audit log labels every action the API writes: each action literal and template of the server source passed to
 * its audit writers (write(), writeIn(), req.audit, c.audit, writeAudit, and the helpers that take an `action`) is in
 * the vocabulary (domain/audit-actions.ts), which the console's audit log lists. Actions built at run time beyond a
 * template (a generic write path's `<entity>.<verb>`) are checked where they are written: under the test runner
 * writeAudit refuses an action the vocabulary lacks (the last test).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTION_NAMES,
  isAuditAction,
} from '../../domain/audit-actions';
import { writeAudit } from '../../server/core/audit';
import type { Executor } from '../../server/core/db';

/** Every server source file but migrations and seeds (the demo data writes no audit rows). */
const sources = (dir = 'server'): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'migrations'
        ? []
        : sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.startsWith('seed')
        ? [join(dir, e.name)]
        : [],
  );

/** An action as written: a literal, or a template with `*` for each substitution. */
const DOTTED = /^[a-z_*]+(\.[a-z_*]+)+$/;

/**
 * The action literals and templates of one expression (through conditionals, parentheses and an arrow function's
 * expression body: an action chosen from the request's body, core/entity-routes.ts).
 */
function actionTexts(e: ts.Expression): string[] {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isTemplateExpression(e)) return [e.head.text + e.templateSpans.map((s) => `*${s.literal.text}`).join('')];
  if (ts.isConditionalExpression(e)) return [...actionTexts(e.whenTrue), ...actionTexts(e.whenFalse)];
  if (ts.isParenthesizedExpression(e)) return actionTexts(e.expression);
  if (ts.isArrowFunction(e) && !ts.isBlock(e.body)) return actionTexts(e.body);
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return [...actionTexts(e.left), ...actionTexts(e.right)];
  return [];
}

/** The name of a declaration's binding, if any. */
const nameOf = (n: ts.Node): string | undefined =>
  (ts.isFunctionDeclaration(n) || ts.isVariableDeclaration(n)) && n.name && ts.isIdentifier(n.name)
    ? n.name.text
    : undefined;

/**
 * The audit actions a file writes: the values of `action:` properties, the arguments given to a parameter named
 * `action` of a function of the same file, and the dotted literals of a declaration named `…Action(s)`.
 */
function writtenActions(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  // The functions of the file taking an `action` parameter, with its position.
  const takesAction = new Map<string, number>();
  const note = (name: string | undefined, params: ts.NodeArray<ts.ParameterDeclaration>) => {
    const i = params.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === 'action');
    if (name && i >= 0) takesAction.set(name, i);
  };
  const collect = (n: ts.Node) => {
    if (ts.isFunctionDeclaration(n)) note(nameOf(n), n.parameters);
    if (ts.isVariableDeclaration(n) && n.initializer && ts.isArrowFunction(n.initializer))
      note(nameOf(n), n.initializer.parameters);
    ts.forEachChild(n, collect);
  };
  collect(source);

  const found: string[] = [];
  const visit = (n: ts.Node, inActionDecl: boolean) => {
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && n.name.text === 'action')
      found.push(...actionTexts(n.initializer));
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && takesAction.has(n.expression.text)) {
      const arg = n.arguments[takesAction.get(n.expression.text)!];
      if (arg) found.push(...actionTexts(arg));
    }
    if (inActionDecl && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n))) found.push(n.text);
    const name = nameOf(n);
    ts.forEachChild(n, (c) => visit(c, inActionDecl || (!!name && /Actions?$/i.test(name))));
  };
  visit(source, false);
  // Dotless values are prefixes given to route factories ('deposit'), permission actions or payloads.
  return found.filter((a) => DOTTED.test(a));
}

const written = new Map(sources().flatMap((f) => writtenActions(f).map((a) => [a, f] as const)));

/** Whether the vocabulary has the action, or for a template some action it can be. */
const known = (action: string) =>
  action.includes('*')
    ? AUDIT_ACTION_NAMES.some((a) => new RegExp(`^${action.replace(/\./g, '\\.').replace(/\*/g, '[a-z_.]+')}$`).test(a))
    : isAuditAction(action);

describe('audit vocabulary', () => {
  it('sees the actions of every kind of writer', () => {
    for (const action of [
      'auth.login', // c.audit in a service
      'access.denied', // the refusal hook's function (core/audit.ts refusalAction)
      'auth.mfa_verify', // core/audit.ts AUTH_ACTIONS
      'client.offline', // a helper's `action` parameter (client/actions.ts changeClient)
      'user.mfa_enable', // user/service.ts audited(...)
      'user.enable', // a conditional
      'exchange_config.rate', // write() in a route
      'trading.*.order.*', // a template
      'audit.suppressed',
    ])
      expect(written.has(action), action).toBe(true);
  });

  it('has every action the server writes', () => {
    const missing = [...written].filter(([a]) => !known(a)).map(([a, file]) => `${a} (${file})`);
    expect(missing).toEqual([]);
  });

  it('labels every action and group in zh-CN and en-US', () => {
    for (const [action, labels] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(action).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      expect(labels['zh-CN'], action).toMatch(/[\u4e00-\u9fff]/);
      expect(labels['en-US'].trim(), action).toBeTruthy();
      expect(labels['en-US'], action).not.toContain('%{');
    }
    for (const [group, labels] of Object.entries(AUDIT_ACTION_GROUPS)) expect(labels, group).toBeDefined();
  });

  it('labels the generic writes of an entity from its noun, and the trading routes from their kind', () => {
    expect(AUDIT_ACTION_LABELS['currency_pair.delete']).toEqual({
      'zh-CN': '删除货币对',
      'en-US': 'Currency pair deleted',
    });
    expect(AUDIT_ACTION_LABELS['trading.ipo.order.pay']?.['en-US']).toBe('IPO: order paid');
    // what no route registers is not offered: stock products have no subscription to close
    expect(isAuditAction('trading.stock.product.lock')).toBe(false);
  });

  it('refuses, under the test runner, to write an action the vocabulary lacks', async () => {
    const inserts: unknown[] = [];
    const db = { insert: () => ({ values: async (v: unknown) => inserts.push(v) }) } as unknown as Executor;
    await expect(writeAudit(db, { action: 'no_such_entity.create', result: 'success' })).rejects.toThrow(
      /not in the audit vocabulary/,
    );
    await writeAudit(db, { action: 'currency_pair.create', result: 'success' });
    expect(inserts).toHaveLength(1);
  });
});
