export const id = 886;
export const ids = [886];
export const modules = {

/***/ 5886:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   expectedCommitAdvice: () => (/* binding */ expectedCommitAdvice),
/* harmony export */   queuedPullRequest: () => (/* binding */ queuedPullRequest),
/* harmony export */   runCommit: () => (/* binding */ runCommit)
/* harmony export */ });
const COMMIT_ID = /^[0-9a-f]{7,64}$/i;
const shown = (text) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}\u2026` : text).replace(/[^\x20-\x7e]/g, '?');
function runCommit(event) {
    const fromPullRequest = event.payload.pull_request?.head?.sha;
    const fromQueue = event.payload.merge_group?.head_sha;
    const [value, where] = fromPullRequest !== undefined
        ? [fromPullRequest, "the pull request's head.sha in the event"]
        : fromQueue !== undefined
            ? [fromQueue, "the merge group's head_sha in the event"]
            : [event.sha, 'GITHUB_SHA'];
    const sha = (value ?? '').trim();
    if (sha === '')
        return { problem: `the commit of the run is unknown (${where} is not set)` };
    if (!COMMIT_ID.test(sha))
        return { problem: `the commit of the run is unknown (${where} is ${shown(sha)}, which is not a commit id)` };
    return { sha: sha.toLowerCase() };
}
function expectedCommitAdvice(expectSha, event) {
    const head = event.payload.pull_request?.head?.sha?.trim().toLowerCase() ?? '';
    const sha = event.sha?.trim().toLowerCase() ?? '';
    const expected = expectSha?.trim().toLowerCase() ?? '';
    if (!COMMIT_ID.test(head) || !COMMIT_ID.test(sha) || !COMMIT_ID.test(expected) || head === sha || !sha.startsWith(expected))
        return undefined;
    const what = event.eventName === 'pull_request'
        ? 'the merge commit GitHub makes to test the pull request (`github.sha` on `pull_request`), which the platform never deploys'
        : event.eventName === 'pull_request_target'
            ? "the base branch's last commit (`github.sha` on `pull_request_target`), not the pull request's"
            : undefined;
    if (!what)
        return undefined;
    return `\`expect-sha\` is ${sha.slice(0, 7)}, ${what}: give it \`\${{ github.event.pull_request.head.sha }}\`, the pull request's head (${head.slice(0, 7)}), instead`;
}
function queuedPullRequest(event) {
    const ref = event.payload.merge_group?.head_ref;
    if (typeof ref !== 'string')
        return undefined;
    const match = /^(?:refs\/heads\/)?gh-readonly-queue\/(.+)\/pr-(\d{1,12})-[0-9a-f]{7,64}$/i.exec(ref);
    if (!match)
        return undefined;
    const number = Number(match[2]);
    return number > 0 ? { number, base: match[1] } : undefined;
}


/***/ })

};
