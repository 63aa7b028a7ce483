/** What the last change did (spoken), or why it did not (shown). */
export function Outcome({ message, problem }: { message: string; problem: string }) {
  return (
    <>
      <p className="cx-visually-hidden" role="status">
        {message}
      </p>
      {problem && (
        <p className="banner error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
