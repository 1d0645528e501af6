/** Placeholder while a lazy screen or the session loads (SPEC §4: Loading...). */
export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      Loading...
    </p>
  );
}
