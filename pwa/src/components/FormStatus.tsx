/** Success or error line under a form; announced by screen readers. */
export function FormStatus({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) {
    return (
      <p className="form-status form-status-error" role="alert">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p className="form-status form-status-success" role="status">
        {success}
      </p>
    );
  }
  return null;
}
