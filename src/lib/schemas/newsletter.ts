import { z } from 'zod';
import { emailField } from './fields';

/** Spec §5: the newsletter e-mail is required and must be an e-mail. */
export const newsletterBodySchema = z.object({ email: emailField });
