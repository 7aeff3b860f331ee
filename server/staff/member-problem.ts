/** A staff command that names a member who is not there (404), or one who already is (409). */
export class MemberProblem extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
    this.name = 'MemberProblem';
  }
}
