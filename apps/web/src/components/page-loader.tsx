// Full-page placeholder while the first route's code loads.
import { LoadingState } from './ui/spinner.tsx';

export function PageLoader() {
  return <LoadingState label="Loading page…" className="min-h-dvh animate-delayed-fade-in" />;
}
