import { z } from 'zod';
import { makeAdmin } from '@/server/admin/make-admin';
import { runWithDb } from './cli';

// npm run admin:create -- <email>: the first admin (and any later one) comes from the command line.
const email = z.email().max(254).safeParse(process.argv[2]?.trim().toLowerCase());
if (!email.success) {
  console.error('[portal] Usage: npm run admin:create -- <email>');
  process.exit(1);
}

await runWithDb(async () => {
  const result = await makeAdmin({ email: email.data });
  if (result.created) {
    console.log(`[portal] Created the admin account ${email.data}. Its password (shown only now):`);
    console.log(result.password);
    console.log('[portal] Sign in at /login and change it in your profile.');
  } else {
    console.log(`[portal] ${email.data} is an admin now.`);
  }
});
