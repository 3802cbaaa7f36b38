import { TextPage, textMetadata } from '@/components/texts/text-page';

export const generateMetadata = () => textMetadata('regulations');

export default function Page() {
  return <TextPage slug="regulations" />;
}
