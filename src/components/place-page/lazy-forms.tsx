'use client';

import dynamic from 'next/dynamic';

// Only a signed-in visitor gets the comment form, only the owner the answer forms: their code (and zod's,
// which checks them) loads with the page only when the server renders them, never for a guest.
export const CommentForm = dynamic(() => import('./comment-form').then((m) => m.CommentForm));
export const AnswerForm = dynamic(() => import('./answer-form').then((m) => m.AnswerForm));
