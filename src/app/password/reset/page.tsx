// Spec §2 lists /password/reset beside /forget-password; both serve the same reset flow.
export { default, generateMetadata } from '@/app/forget-password/page';
