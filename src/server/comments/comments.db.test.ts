import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { comments, notifications, places } from '@/db/schema';
import { addCommentBodySchema, answerCommentBodySchema } from '@/lib/schemas/comments';
import type { AuthUser } from '@/server/auth/access-tokens';
import { insertActor, insertPlace, seededPlans } from '@/test-support/fixtures';
import { addComment, answerComment } from './comments';

// Spec §4/§5/§6: signed-in attendees rate (1 to 5 stars) and comment places, one rating per person and
// place; the owner answers a comment once, and only when the plan has answer_comments.

let plans: Awaited<ReturnType<typeof seededPlans>>;

beforeAll(async () => {
  plans = await seededPlans();
});

async function commentsOn(placeId: number) {
  const db = await getDb();
  return db.select().from(comments).where(eq(comments.placeId, placeId)).orderBy(comments.id);
}

async function starsOf(placeId: number) {
  const db = await getDb();
  const [row] = await db.select({ stars: places.stars }).from(places).where(eq(places.id, placeId));
  return row?.stars;
}

async function answeredNotices(userId: number) {
  const db = await getDb();
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'comment_answered')));
}

/** A company whose plan allows answers (or not), owning one place. */
async function owner({ answers }: { answers: boolean }) {
  const plan = answers ? plans.topPlan : plans.defaultPlan;
  expect(plan.answerComments).toBe(answers);
  const actor = await insertActor('company', { premiumSettingId: plan.id });
  const place = await insertPlace(actor.id, { name: 'Teatr Wybrzeże' });
  return { actor, placeId: place.id };
}

const rate = (actor: AuthUser, placeId: number, stars: number, comment = 'Polecam.') =>
  addComment({ actor, placeId, stars, comment });

describe('addComment', () => {
  it('lets a signed-in attendee rate a place; its stars are the mean of the ratings', async () => {
    const { placeId } = await owner({ answers: false });
    const anna = await insertActor('user');
    const jan = await insertActor('user');
    const first = await rate(anna, placeId, 5, 'Świetne!');
    expect(first.stars).toBe(5);
    expect(await rate(jan, placeId, 2, 'Za głośno.')).toMatchObject({ stars: 3.5 });
    expect((await commentsOn(placeId)).map((c) => [c.userId, c.stars, c.comment])).toEqual([
      [anna.id, 5, 'Świetne!'],
      [jan.id, 2, 'Za głośno.'],
    ]);
    expect(await starsOf(placeId)).toBe(3.5);
  });

  it('keeps one rating per person and place: a second one replaces the first and its answer', async () => {
    const { actor: company, placeId } = await owner({ answers: true });
    const anna = await insertActor('user');
    const { id } = await rate(anna, placeId, 2, 'Słabo.');
    await answerComment({ actor: company, commentId: id, answer: 'Przykro nam.' });
    const again = await rate(anna, placeId, 4, 'Jednak dobrze.');
    expect(again).toEqual({ id, stars: 4 });
    const [row, ...more] = await commentsOn(placeId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ id, stars: 4, comment: 'Jednak dobrze.', answer: null, answeredAt: null });
    // The new text has no answer yet, so the owner may answer it.
    await answerComment({ actor: company, commentId: id, answer: 'Dziękujemy!' });
    expect((await commentsOn(placeId))[0]?.answer).toBe('Dziękujemy!');
  });

  it('refuses companies and admins and writes nothing', async () => {
    const { actor: company, placeId } = await owner({ answers: true });
    const admin = await insertActor('admin');
    for (const actor of [company, admin]) {
      await expect(rate(actor, placeId, 5)).rejects.toMatchObject({
        code: 'forbidden',
        messageKey: 'comments.companies_cannot',
      });
    }
    expect(await commentsOn(placeId)).toEqual([]);
    expect(await starsOf(placeId)).toBe(0);
  });

  it('answers not found for an unknown place', async () => {
    const anna = await insertActor('user');
    await expect(rate(anna, 2_000_000_000, 5)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('takes 1 to 5 whole stars: the form refuses others and the database backs it', async () => {
    for (const stars of [1, 5, '3']) {
      expect(
        addCommentBodySchema.safeParse({ place_id: 1, stars, comment: 'x' }).success,
        String(stars),
      ).toBe(true);
    }
    for (const stars of [0, 6, 2.5, -1, '']) {
      const result = addCommentBodySchema.safeParse({ place_id: 1, stars, comment: 'x' });
      expect(result.success, String(stars)).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['stars']);
    }
    // Called past the form, the CHECK refuses, and the transaction leaves the earlier rating as it was.
    const { placeId } = await owner({ answers: false });
    const anna = await insertActor('user');
    await rate(anna, placeId, 4, 'Dobrze.');
    const refusedByCheck = { cause: { message: expect.stringContaining('comments_stars_check') } };
    await expect(rate(anna, placeId, 6, 'Za dużo.')).rejects.toMatchObject(refusedByCheck);
    await expect(rate(anna, placeId, 0, 'Za mało.')).rejects.toMatchObject(refusedByCheck);
    expect((await commentsOn(placeId)).map((c) => [c.stars, c.comment])).toEqual([[4, 'Dobrze.']]);
    expect(await starsOf(placeId)).toBe(4);
  });

  it('requires a text: the form trims it, refuses a blank one and one over 2000 characters', () => {
    const parse = (comment: string) => addCommentBodySchema.safeParse({ place_id: 1, stars: 3, comment });
    expect(parse('  Miło.  ').data?.comment).toBe('Miło.');
    expect(parse('   ').success).toBe(false);
    expect(parse('x'.repeat(2000)).success).toBe(true);
    expect(parse('x'.repeat(2001)).success).toBe(false);
  });

  it('keeps the text as written: it is plain text, escaped where it is shown, not HTML', async () => {
    const { placeId } = await owner({ answers: false });
    const anna = await insertActor('user');
    const text = '<b>Super</b> <script>alert(1)</script> & "więcej"';
    await rate(anna, placeId, 5, text);
    expect((await commentsOn(placeId))[0]?.comment).toBe(text);
  });
});

describe('answerComment', () => {
  it('lets the owner answer once when the plan allows it, and tells the commenter', async () => {
    const { actor: company, placeId } = await owner({ answers: true });
    const anna = await insertActor('user');
    const { id } = await rate(anna, placeId, 4, 'Miło.');
    await answerComment({ actor: company, commentId: id, answer: 'Dziękujemy!' });
    const [row] = await commentsOn(placeId);
    expect(row?.answer).toBe('Dziękujemy!');
    expect(row?.answeredAt).toBeInstanceOf(Date);
    const notices = await answeredNotices(anna.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ placeId, params: { place: 'Teatr Wybrzeże' }, readAt: null });

    await expect(
      answerComment({ actor: company, commentId: id, answer: 'Jeszcze raz' }),
    ).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'comments.already_answered',
    });
    expect((await commentsOn(placeId))[0]?.answer).toBe('Dziękujemy!');
    expect(await answeredNotices(anna.id)).toHaveLength(1);
  });

  it('refuses a plan without answer_comments, the default plan of a company without one too', async () => {
    const { actor: basic, placeId } = await owner({ answers: false });
    const planless = await insertActor('company', { premiumSettingId: null });
    const planlessPlace = await insertPlace(planless.id);
    const anna = await insertActor('user');
    for (const [actor, place] of [
      [basic, placeId],
      [planless, planlessPlace.id],
    ] as const) {
      const { id } = await rate(anna, place, 3);
      await expect(answerComment({ actor, commentId: id, answer: 'Dzięki' })).rejects.toMatchObject({
        code: 'forbidden',
        messageKey: 'comments.plan_no_answers',
      });
      expect((await commentsOn(place))[0]).toMatchObject({ answer: null, answeredAt: null });
    }
    expect(await answeredNotices(anna.id)).toEqual([]);
  });

  it("refuses anyone but the place's owner and changes nothing", async () => {
    const { placeId } = await owner({ answers: true });
    const { actor: otherCompany } = await owner({ answers: true });
    const anna = await insertActor('user');
    const jan = await insertActor('user');
    const { id } = await rate(anna, placeId, 3);
    for (const actor of [otherCompany, anna, jan]) {
      await expect(answerComment({ actor, commentId: id, answer: 'Cudza odpowiedź' })).rejects.toMatchObject({
        code: 'forbidden',
      });
    }
    expect((await commentsOn(placeId))[0]).toMatchObject({ answer: null, answeredAt: null });
    expect(await answeredNotices(anna.id)).toEqual([]);
  });

  it('answers not found for an unknown comment', async () => {
    const { actor } = await owner({ answers: true });
    await expect(answerComment({ actor, commentId: 2_000_000_000, answer: 'Dzięki' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('requires the answer text (spec §5)', () => {
    expect(answerCommentBodySchema.safeParse({ answer: 'Dzięki' }).success).toBe(true);
    expect(answerCommentBodySchema.safeParse({ answer: '  ' }).success).toBe(false);
    expect(answerCommentBodySchema.safeParse({}).success).toBe(false);
    expect(answerCommentBodySchema.safeParse({ answer: 'x'.repeat(2001) }).success).toBe(false);
  });
});
