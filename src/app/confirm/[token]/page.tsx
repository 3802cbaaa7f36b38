export { default } from '../../user/verify/[token]/page';
