// The profile's photo card: the picture (or the initial), who this is, and the photo's controls.
// A chosen file is checked and scaled down here before it is sent (photo-scaling.ts); what went
// wrong is said under the buttons, a change by a toast, and the top bar follows (api.ts). Once
// a removed photo takes Remove Photo with it, focus moves to Upload Photo.
import { PHOTO_MESSAGES, PHOTO_TYPES } from '@pitstop/shared/profile/photo';
import type { Profile } from '@pitstop/shared/profile/responses';
import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { ApiError } from '../../../lib/api.ts';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { useSetPhoto } from '../api.ts';
import { photoFileProblem, scalePhoto } from '../photo-scaling.ts';

/** The server's own words when it refused for too many changes: they say when to try again. */
function refusalMessage(error: unknown): string {
  return error instanceof ApiError && error.code === 'RATE_LIMITED'
    ? error.message
    : PHOTO_MESSAGES.failed;
}

export function ProfilePhoto({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const isRemoving = useRef(false);
  const hintId = useId();
  const setPhoto = useSetPhoto();
  const [isPreparing, setIsPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const isBusy = isPreparing || setPhoto.isPending;
  const displayName = profile.name.trim() || profile.email;
  const hasPhoto = profile.photoUrl !== null;

  useEffect(() => {
    if (hasPhoto || isBusy || !isRemoving.current) return;
    isRemoving.current = false;
    // Only if focus went down with Remove Photo: not away from wherever the user has moved on to.
    if (document.activeElement === document.body) uploadButton.current?.focus();
  }, [hasPhoto, isBusy]);

  function send(photo: string | null) {
    // A new try: the last one's problem no longer applies.
    setProblem(null);
    isRemoving.current = photo === null;
    setPhoto.mutate(photo, {
      onSuccess: () => toast.success(photo ? PHOTO_MESSAGES.updated : PHOTO_MESSAGES.removed),
      onError: (error) => {
        isRemoving.current = false;
        setProblem(serverFieldErrors(error, ['photo'])[0]?.[1] ?? refusalMessage(error));
      },
    });
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after fixing something still counts as a change.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const refusal = photoFileProblem(file);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setIsPreparing(true);
    let photo: string;
    try {
      photo = await scalePhoto(file);
    } catch {
      setProblem(PHOTO_MESSAGES.unreadable);
      return;
    } finally {
      setIsPreparing(false);
    }
    send(photo);
  }

  return (
    <section
      aria-label="Profile photo"
      className="flex flex-col items-center gap-4 rounded-card border border-border bg-card p-6 text-center shadow-sm"
    >
      <div className="relative">
        {profile.photoUrl ? (
          <img
            src={profile.photoUrl}
            alt="Your profile photo"
            width={96}
            height={96}
            className="size-24 rounded-full bg-muted object-cover"
          />
        ) : (
          <span
            className="grid size-24 place-items-center rounded-full bg-brand-950 text-4xl font-bold text-accent-400 uppercase"
            aria-hidden="true"
          >
            {displayName.charAt(0)}
          </span>
        )}
        {isBusy && (
          <span className="absolute inset-0 grid place-items-center rounded-full bg-background/70">
            <Spinner className="size-6 text-primary" />
          </span>
        )}
      </div>
      <div className="min-w-0">
        <p className="text-lg font-semibold break-words">{displayName}</p>
        <p className="text-sm break-all text-muted-foreground">{profile.email}</p>
        <p className="mt-2">
          <span className="sr-only">Role: </span>
          <RoleBadge role={profile.role} />
        </p>
      </div>

      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        aria-label="Profile photo file"
        tabIndex={-1}
        className="hidden"
        onChange={(event) => void choose(event)}
      />
      <div className="flex w-full flex-col gap-2">
        <Button
          ref={uploadButton}
          variant="outline"
          disabled={isBusy}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          <Camera aria-hidden="true" />
          {profile.photoUrl ? 'Change Photo' : 'Upload Photo'}
        </Button>
        {profile.photoUrl && (
          <Button variant="ghost-remove" disabled={isBusy} onClick={() => send(null)}>
            <Trash2 aria-hidden="true" />
            Remove Photo
          </Button>
        )}
      </div>
      {/* Also a polite live region, so 'Preparing…' and 'Saving…' are heard while they last. */}
      <p id={hintId} role="status" className="text-xs text-muted-foreground">
        {isPreparing
          ? 'Preparing your photo…'
          : setPhoto.isPending
            ? 'Saving your photo…'
            : 'JPEG, PNG, WebP or GIF, up to 2 MB.'}
      </p>
      <div role="alert" className="w-full empty:hidden">
        {problem && (
          <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}
