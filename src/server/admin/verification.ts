import 'server-only';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { getConfig } from '@/config';
import { getDb, type Tx } from '@/db/client';
import { categories, events, notifications, placeCategories, places, users } from '@/db/schema';
import type { Locale } from '@/lib/locale';
import { descriptionText } from '@/lib/sanitize-html';
import type {
  VerificationPlace,
  VerificationResult,
  VerificationWalk,
  WalkKind,
} from '@/lib/schemas/admin-verification';
import { type Page, PER_PAGE, toPage } from '@/lib/schemas/pagination';
import { recordAudit } from '@/server/admin/audit';
import type { AuthUser } from '@/server/auth/access-tokens';
import { notFound } from '@/server/errors';
import { announceLiveChange } from '@/server/live/announce';
import { enqueueMail, kickMailWorker } from '@/server/mail/outbox';
import type { MailTemplate } from '@/server/mail/templates';
import { displayName, displayNameColumns, type NamedUser } from '@/server/messages/participants';

// Issue 14 point 2. A place and a virtual walk start `pending`; an admin verifies or rejects them with a
// reason. The booleans the public pages read (`places.verified`, `*.virtual_walk_verified`) change in
// the same UPDATE as the state, so they are never out of step. Every decision writes the audit log, a
// notification and a mail to the owner in its transaction; the mail worker is woken after the commit.

const placePath = (id: number) => `/places/${id}`;
const eventPath = (id: number) => `/event/${id}`;
const excerptLength = 300;

const pageOffset = (page: number) => (page - 1) * PER_PAGE;

const ownerName = (u: NamedUser) => displayName(u) || '—';

async function ownersById(ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; email: string }>();
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, email: users.email, ...displayNameColumns })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((u) => [u.id, { id: u.id, name: ownerName(u), email: u.email }]));
}

/** What the queues hold (the overview counts the same). */
export const pendingPlace = and(eq(places.verificationState, 'pending'), isNull(places.hiddenAt));

/** Places waiting for verification, oldest first, 12 a page. */
export async function listPendingPlaces({
  page = 1,
  locale,
}: {
  page?: number;
  locale: Locale;
}): Promise<Page<VerificationPlace>> {
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(places)
      .where(pendingPlace)
      .orderBy(asc(places.createdAt), asc(places.id))
      .limit(PER_PAGE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(places).where(pendingPlace),
  ]);
  const ids = rows.map((r) => r.id);
  const [owners, cats] = await Promise.all([
    ownersById(rows.map((r) => r.userId)),
    ids.length
      ? db
          .select({
            placeId: placeCategories.placeId,
            id: categories.id,
            name: locale === 'en' ? categories.nameEn : categories.namePl,
          })
          .from(placeCategories)
          .innerJoin(categories, eq(categories.id, placeCategories.categoryId))
          .where(inArray(placeCategories.placeId, ids))
          .orderBy(asc(categories.id))
      : [],
  ]);
  const data = rows.map((p) => ({
    id: p.id,
    name: p.name,
    owner: owners.get(p.userId) ?? { id: p.userId, name: '—', email: '' },
    city: p.city,
    street: p.street,
    postcode: p.postcode,
    phone: p.phone,
    url: p.url,
    description: descriptionText(p.description ?? '', excerptLength),
    categories: cats.filter((c) => c.placeId === p.id).map((c) => ({ id: c.id, name: c.name })),
    created_at: p.createdAt.toISOString(),
    page: placePath(p.id),
  }));
  return toPage(data, total?.n ?? 0, { page });
}

/** A place's or an event's walk link waiting for review, of an item not hidden. */
const pendingWalk = (item: typeof places | typeof events) =>
  and(
    eq(item.walkState, 'pending'),
    isNotNull(item.virtualWalkUrl),
    ne(item.virtualWalkUrl, ''),
    isNull(item.hiddenAt),
  );
export const pendingPlaceWalk = pendingWalk(places);
/** With `places` joined on the event's place. */
export const pendingEventWalk = and(pendingWalk(events), isNull(places.hiddenAt));

/** Virtual walks of places and of events waiting for verification, oldest first, 12 a page. */
export async function listPendingWalks({
  page = 1,
}: {
  page?: number;
} = {}): Promise<Page<VerificationWalk>> {
  const db = await getDb();
  // One row shape for both kinds, so the two lists are paged as one.
  const walkColumns = (kind: WalkKind, item: typeof places | typeof events) => ({
    kind: (kind === 'place' ? sql<WalkKind>`'place'` : sql<WalkKind>`'event'`).as('kind'),
    id: item.id,
    name: item.name,
    url: item.virtualWalkUrl,
    placeId: sql<number>`${places.id}`.as('place_id'),
    placeName: sql<string>`${places.name}`.as('place_name'),
    ownerId: item.userId,
    createdAt: item.createdAt,
  });
  const placeWalks = db.select(walkColumns('place', places)).from(places).where(pendingPlaceWalk);
  const eventWalks = db
    .select(walkColumns('event', events))
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .where(pendingEventWalk);
  const [rows, [placeTotal], [eventTotal]] = await Promise.all([
    unionAll(placeWalks, eventWalks)
      .orderBy(sql`created_at asc, kind desc, id asc`)
      .limit(PER_PAGE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(places).where(pendingPlaceWalk),
    db
      .select({ n: count() })
      .from(events)
      .innerJoin(places, eq(places.id, events.placeId))
      .where(pendingEventWalk),
  ]);
  const owners = await ownersById(rows.map((r) => r.ownerId));
  const data = rows.map((w) => ({
    kind: w.kind,
    id: w.id,
    name: w.name,
    url: w.url ?? '',
    place: { id: Number(w.placeId), name: w.placeName },
    owner: owners.get(w.ownerId) ?? { id: w.ownerId, name: '—', email: '' },
    created_at: new Date(w.createdAt).toISOString(),
    page: w.kind === 'event' ? eventPath(w.id) : placePath(w.id),
  }));
  return toPage(data, (placeTotal?.n ?? 0) + (eventTotal?.n ?? 0), { page });
}

interface OwnerMail {
  template: MailTemplate;
  path: string;
  values: Record<string, string>;
}

/** The owner's notification (kept even though companies see no bell) and mail, in the decision's transaction. */
async function tellOwner(
  tx: Tx,
  {
    ownerId,
    type,
    params,
    placeId,
    eventId,
    mail,
  }: {
    ownerId: number;
    type: string;
    params: Record<string, string>;
    placeId: number | null;
    eventId: number | null;
    mail: OwnerMail;
  },
) {
  await tx.insert(notifications).values({ userId: ownerId, type, params, placeId, eventId });
  await announceLiveChange(tx, [ownerId]);
  const [owner] = await tx.select().from(users).where(eq(users.id, ownerId)).limit(1);
  if (!owner) return;
  await enqueueMail(tx, {
    to: owner.email,
    locale: owner.locale,
    template: mail.template,
    params: {
      link: `${getConfig().publicUrl}${mail.path}`,
      name: displayName(owner) || null,
      values: mail.values,
    },
  });
}

type Decision = { verdict: 'verify' } | { verdict: 'reject'; reason: string };

const stateOf = (d: Decision) => (d.verdict === 'verify' ? 'verified' : 'rejected');
const reasonOf = (d: Decision) => (d.verdict === 'verify' ? null : d.reason);

/**
 * Applies a decision on item `id` in one transaction: `write` makes the change, or says that the same decision
 * was already made (false). The mail worker is woken after the commit when something changed.
 */
async function applyDecision(
  id: number,
  decision: Decision,
  write: (tx: Tx, state: ReturnType<typeof stateOf>, reason: string | null) => Promise<boolean>,
): Promise<VerificationResult> {
  const state = stateOf(decision);
  const reason = reasonOf(decision);
  const db = await getDb();
  const changed = await db.transaction((tx) => write(tx, state, reason));
  if (changed) kickMailWorker();
  return { id, state, reason };
}

/** Verifies or rejects a place: state, `verified`, audit, notification and mail in one transaction. */
export async function decidePlace({
  admin,
  placeId,
  decision,
}: {
  admin: AuthUser;
  placeId: number;
  decision: Decision;
}): Promise<VerificationResult> {
  return applyDecision(placeId, decision, async (tx, state, reason) => {
    const [place] = await tx.select().from(places).where(eq(places.id, placeId)).limit(1).for('update');
    if (!place) throw notFound();
    // The same decision again changes nothing and tells nobody twice.
    if (place.verificationState === state && (place.verificationReason ?? null) === reason) return false;
    await tx
      .update(places)
      .set({ verificationState: state, verified: state === 'verified', verificationReason: reason })
      .where(eq(places.id, placeId));
    await recordAudit(tx, {
      adminId: admin.id,
      action: `place.${decision.verdict}`,
      target: 'place',
      targetId: placeId,
      before: {
        verification_state: place.verificationState,
        verified: place.verified,
        verification_reason: place.verificationReason,
      },
      after: { verification_state: state, verified: state === 'verified', verification_reason: reason },
    });
    const params: Record<string, string> = { place: place.name, ...(reason === null ? {} : { reason }) };
    await tellOwner(tx, {
      ownerId: place.userId,
      type: state === 'verified' ? 'place_verified' : 'place_rejected',
      params,
      placeId,
      eventId: null,
      mail: {
        template: state === 'verified' ? 'place_verified' : 'place_rejected',
        path: placePath(placeId),
        values: params,
      },
    });
    return true;
  });
}

/** Verifies or rejects the virtual walk of a place or an event; the walk shows publicly only once verified. */
export async function decideWalk({
  admin,
  kind,
  id,
  decision,
}: {
  admin: AuthUser;
  kind: WalkKind;
  id: number;
  decision: Decision;
}): Promise<VerificationResult> {
  return applyDecision(id, decision, async (tx, state, reason) => {
    const table = kind === 'place' ? places : events;
    const [row] = await tx
      .select({
        id: table.id,
        userId: table.userId,
        name: table.name,
        url: table.virtualWalkUrl,
        walkState: table.walkState,
        walkReason: table.walkReason,
        verified: table.virtualWalkVerified,
        placeId: kind === 'place' ? places.id : events.placeId,
      })
      .from(table)
      .where(eq(table.id, id))
      .limit(1)
      .for('update');
    // Without a link there is no walk to decide on.
    if (!row?.url) throw notFound();
    if (row.walkState === state && (row.walkReason ?? null) === reason) return false;
    await tx
      .update(table)
      .set({ walkState: state, virtualWalkVerified: state === 'verified', walkReason: reason })
      .where(eq(table.id, id));
    await recordAudit(tx, {
      adminId: admin.id,
      action: `walk.${decision.verdict}`,
      target: kind,
      targetId: id,
      before: {
        virtual_walk_url: row.url,
        walk_state: row.walkState,
        virtual_walk_verified: row.verified,
        walk_reason: row.walkReason,
      },
      after: {
        virtual_walk_url: row.url,
        walk_state: state,
        virtual_walk_verified: state === 'verified',
        walk_reason: reason,
      },
    });
    const params: Record<string, string> = { kind, name: row.name, ...(reason === null ? {} : { reason }) };
    await tellOwner(tx, {
      ownerId: row.userId,
      type: state === 'verified' ? 'walk_verified' : 'walk_rejected',
      params,
      placeId: row.placeId,
      eventId: kind === 'event' ? id : null,
      mail: {
        template: state === 'verified' ? 'walk_verified' : 'walk_rejected',
        path: kind === 'event' ? eventPath(id) : placePath(id),
        values: params,
      },
    });
    return true;
  });
}
