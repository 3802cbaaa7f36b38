export { default } from '@/app/user/verify/[token]/page';
