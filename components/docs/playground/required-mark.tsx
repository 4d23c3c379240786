/** The "*" after a required field's label: seen as a star, heard as "required". */
export function RequiredMark() {
  return (
    <>
      <span aria-hidden className="ml-1 text-red-600">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}
