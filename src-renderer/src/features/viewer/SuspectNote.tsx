// The loop guard's flag on a speech-to-text line (src-main/service/stt/loopGuard.ts): a warning
// sign and the reason in words under the line, so the flag reads without colour and a screen
// reader says it is a warning.
export function SuspectNote({ reason }: { reason: string }) {
  return (
    <p className="suspect-note" data-testid="suspect-note">
      <span aria-hidden="true" className="suspect-icon">
        ⚠
      </span>
      <span className="visually-hidden">Warning: this line may not be what was said.</span> {reason}
    </p>
  );
}
