import type { Db } from '../db/connection';
import { StoreApiError } from '../errors';
import { randomId, stableId } from '../ids';
import { LANGUAGE_ID } from '../known-ids';

// Shopware's state machines for orders, deliveries and payments (order.state, order_delivery.state,
// order_transaction.state), reduced to the transitions this shop uses. Every change is written to
// state_history in the caller's transaction (SPEC §9: accounting records are kept 10 years).

export type StateMachine = 'order' | 'order_delivery' | 'order_transaction';

/** The allowed transitions per machine: from → the states it may go to. */
const TRANSITIONS: Record<StateMachine, Record<string, readonly string[]>> = {
  order: {
    open: ['in_progress', 'cancelled'],
    in_progress: ['completed', 'cancelled'],
    completed: [],
    cancelled: [],
  },
  order_delivery: {
    open: ['shipped', 'cancelled'],
    shipped: ['returned'],
    returned: [],
    cancelled: [],
  },
  order_transaction: {
    // A failed or cancelled transaction stays as it is: a retry adds a new transaction (Shopware's
    // reopen is a new transaction here so the history shows every attempt).
    open: ['in_progress', 'paid', 'paid_partially', 'failed', 'cancelled'],
    in_progress: ['paid', 'failed', 'cancelled'],
    // a transfer that covers part of the amount (camt.054 import); the rest makes it paid
    paid_partially: ['paid', 'cancelled'],
    paid: [],
    failed: [],
    cancelled: [],
  },
};

const TABLE: Record<StateMachine, string> = {
  order: '"order"',
  order_delivery: 'order_delivery',
  order_transaction: 'order_transaction',
};

export function canTransition(machine: StateMachine, from: string, to: string): boolean {
  return TRANSITIONS[machine][from]?.includes(to) ?? false;
}

/** Records a state an entity starts in (order placed, transaction added). */
export function recordInitialState(db: Db, machine: StateMachine, entityId: string, orderId: string, state: string, now: string): void {
  db.prepare('INSERT INTO state_history (id, entity, entity_id, order_id, from_state, to_state, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?)').run(
    randomId(),
    machine,
    entityId,
    orderId,
    state,
    now,
  );
}

/**
 * Moves one entity to `to`, or throws 400 for a transition the machine does not allow (Shopware's
 * IllegalTransitionException). Call inside the transaction that needs the change.
 */
export function transition(db: Db, machine: StateMachine, entityId: string, orderId: string, to: string): void {
  const table = TABLE[machine];
  const row = db.prepare(`SELECT state FROM ${table} WHERE id = ?`).get(entityId) as { state: string } | undefined;
  if (!row) throw StoreApiError.notFound('FRAMEWORK__ENTITY_NOT_FOUND', `Could not find entity ${machine} with id "${entityId}".`);
  if (row.state === to) return;
  if (!canTransition(machine, row.state, to)) {
    throw StoreApiError.of(
      400,
      'SYSTEM__ILLEGAL_STATE_TRANSITION',
      `Illegal transition "${to}" from state "${row.state}". Possible transitions are: ${TRANSITIONS[machine][row.state]?.join(', ') || 'none'}`,
      { currentState: row.state, transition: to, possibleTransitions: TRANSITIONS[machine][row.state] ?? [] },
    );
  }
  const now = new Date().toISOString();
  // order_delivery has no updated_at column.
  if (machine === 'order_delivery') db.prepare(`UPDATE ${table} SET state = ? WHERE id = ?`).run(to, entityId);
  else db.prepare(`UPDATE ${table} SET state = ?, updated_at = ? WHERE id = ?`).run(to, now, entityId);
  db.prepare('INSERT INTO state_history (id, entity, entity_id, order_id, from_state, to_state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    randomId(),
    machine,
    entityId,
    orderId,
    row.state,
    to,
    now,
  );
}

// --- StateMachineState JSON ----------------------------------------------------------------------------

const STATE_NAMES: Record<string, { en: string; de: string; it: string; fr: string }> = {
  open: { en: 'Open', de: 'Offen', it: 'Aperto', fr: 'Ouvert' },
  in_progress: { en: 'In Progress', de: 'In Bearbeitung', it: 'In lavorazione', fr: 'En cours' },
  completed: { en: 'Done', de: 'Abgeschlossen', it: 'Completato', fr: 'Terminé' },
  cancelled: { en: 'Cancelled', de: 'Abgebrochen', it: 'Annullato', fr: 'Annulé' },
  paid: { en: 'Paid', de: 'Bezahlt', it: 'Pagato', fr: 'Payé' },
  paid_partially: { en: 'Paid (partially)', de: 'Teilweise bezahlt', it: 'Pagato parzialmente', fr: 'Payé partiellement' },
  failed: { en: 'Failed', de: 'Fehlgeschlagen', it: 'Non riuscito', fr: 'Échoué' },
  shipped: { en: 'Shipped', de: 'Versandt', it: 'Spedito', fr: 'Expédié' },
  returned: { en: 'Returned', de: 'Retour', it: 'Reso', fr: 'Retourné' },
};

/** Shopware's StateMachineState (apiAlias state_machine_state), named in the context's language. */
export function stateMachineStateJson(machine: StateMachine, technicalName: string, languageId: string): Record<string, unknown> {
  const names = STATE_NAMES[technicalName] ?? { en: technicalName, de: technicalName, it: technicalName, fr: technicalName };
  const translated = languageId === LANGUAGE_ID.it ? names.it : languageId === LANGUAGE_ID.fr ? names.fr : names.de;
  return {
    id: stateId(machine, technicalName),
    technicalName,
    name: translated,
    stateMachineId: stableId('state_machine', `${machine}.state`),
    customFields: null,
    createdAt: '2024-01-01T00:00:00.000+00:00',
    updatedAt: null,
    translated: { name: translated, customFields: {} },
    apiAlias: 'state_machine_state',
  };
}

export function stateId(machine: StateMachine, technicalName: string): string {
  return stableId('state_machine_state', machine, technicalName);
}
