/**
 * Changes of the controls themselves (control kinds, domain/approval.ts): a checker's decision on one, and the
 * appliers that carry an approved change out through the module it belongs to. Nothing changes before the approval;
 * the maker cannot check (gate.ts step), and only an administrator may (service.ts checkableKinds).
 */
import type { ApprovalDecision, ControlChange, ControlKind } from '../../../domain/approval';
import type { Executor } from '../../core/db';
import type { Actor } from '../records/common';
import { changeOf, step, type ApprovalRowDb } from './gate';
import { applyPolicy } from './service';
import { applyStaffRole } from '../user/admin-service';
import { applyRoleGrants } from '../permission/service';
import { applyIpAccess } from '../ip_access/service';

/**
 * Applies an approved change in the maker's tenant (`makerId`: who asked it, kept as the change's author; each
 * applier checks he is still an active administrator, gate.ts activeAdministrator). `checkerIp`: the approving
 * checker's address as the API sees it (the IP allow-list may not lock him out).
 */
type Applier = (
  tx: Executor,
  tenantId: string,
  makerId: number | null,
  change: ControlChange,
  checkerIp?: string | null,
) => Promise<unknown>;

/** The applier of each control kind. */
const APPLIERS: Readonly<Record<ControlKind, Applier>> = {
  approval_policy: applyPolicy,
  staff_role: applyStaffRole,
  role_grants: applyRoleGrants,
  ip_access: applyIpAccess,
};

/**
 * A checker's decision (from address `checkerIp`) on a locked control-change approval: the last approval applies the
 * change (in the same transaction; a refusal of the applier undoes the decision too), a rejection ends it with
 * nothing changed.
 */
export async function decideControl(
  tx: Executor,
  actor: Actor,
  locked: ApprovalRowDb,
  decision: ApprovalDecision,
  remark?: string | null,
  checkerIp?: string | null,
): Promise<void> {
  if ((await step(tx, actor, locked, decision, remark)) !== 'execute') return;
  const change = changeOf(locked);
  if (!change) return;
  await APPLIERS[locked.kind as ControlKind](tx, locked.tenantId, locked.makerId, change, checkerIp);
}
