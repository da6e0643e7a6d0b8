export const id = 393;
export const ids = [393];
export const modules = {

/***/ 7393:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createMergeRequestNote: () => (/* binding */ createMergeRequestNote),
  explainNoteError: () => (/* binding */ explainNoteError),
  forkPipeline: () => (/* binding */ forkPipeline),
  mergeRequestNotePort: () => (/* binding */ mergeRequestNotePort),
  notePlace: () => (/* binding */ notePlace),
  noteSettings: () => (/* binding */ noteSettings),
  writeMergeRequestNote: () => (/* binding */ writeMergeRequestNote)
});

// EXTERNAL MODULE: ./src/durations.ts
var durations = __webpack_require__(5534);
// EXTERNAL MODULE: ./src/inputs/parse.ts + 1 modules
var parse = __webpack_require__(1102);
// EXTERNAL MODULE: ./src/records/lifecycle.ts + 1 modules
var lifecycle = __webpack_require__(7128);
;// CONCATENATED MODULE: ./src/records/heads.ts
function commitLine(sha) {
    return `<!-- wait-for-docs commit ${sha.toLowerCase()} -->`;
}
const COMMIT_LINE = /^<!-- wait-for-docs commit ([0-9a-f]{7,64}) -->$/;
function shownCommit(body) {
    const second = body?.split('\n', 2)[1]?.replace(/\r$/, '');
    return second === undefined ? undefined : COMMIT_LINE.exec(second)?.[1];
}
const sameCommit = (a, b) => {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    return x.startsWith(y) || y.startsWith(x);
};
async function leftToNewerHead(own, shown, head) {
    if (!own || !shown || sameCommit(own, shown))
        return undefined;
    const current = await head().catch(() => undefined);
    return current && !sameCommit(current, own) ? current : undefined;
}
function newerHeadSaid(record, shown, own, head, request) {
    const short = (sha) => sha.slice(0, 7);
    return `${record} was left as it is: it shows commit ${short(shown)}, and this run's commit ${short(own)} is no longer the ${request}'s head (${short(head)} is), whose run writes it. This run's outcome is in its own log and reports.`;
}

// EXTERNAL MODULE: ./src/records/failure.ts
var failure = __webpack_require__(2516);
;// CONCATENATED MODULE: ./src/records/twins.ts
function twinStory() {
    let story = { opened: { sent: 'nothing' }, closed: { sent: 'nothing' }, elsewhere: false, seen: false, twinLeft: undefined };
    const sent = () => story.opened.sent;
    const openBody = () => (story.opened.sent === 'nothing' ? undefined : story.opened.body);
    const closeBody = () => (story.closed.sent === 'nothing' ? undefined : story.closed.body);
    const closeSent = () => story.closed.sent;
    const seen = () => {
        story = { ...story, seen: true };
    };
    const mark = `<!-- run ${Math.random().toString(16).slice(2, 10).padEnd(8, '0')} -->`;
    const same = (a, b) => a !== undefined && b !== undefined && a.replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim();
    const secondIfLate = () => sent() === 'creation' && story.elsewhere;
    const lateOpenKind = () => secondIfLate() ? 'late-twin' : sent() === 'creation' && closeSent() === 'nothing' && !story.seen ? 'late-waiting-or-twin' : undefined;
    const lateOpen = (what) => {
        const second = `a second ${what} of this step appears saying "\u23f3 Waiting", which the next run of this step removes`;
        const kind = lateOpenKind();
        if (kind === 'late-twin')
            return second;
        if (kind === 'late-waiting-or-twin')
            return `the ${what} says "\u23f3 Waiting" until the next run, or, if another run of this step wrote its own meanwhile, ${second}`;
        return `the ${what} says "\u23f3 Waiting" until the next run`;
    };
    const besideOlder = () => story.twinLeft !== undefined;
    const lostCreationLate = (opened) => opened === 'lost' && !story.seen && secondIfLate();
    return {
        lateOpen,
        lateOpenKind,
        twinStands(what, opened) {
            const beside = besideOlder()
                ? `; a second ${what} of this step may stand beside an older one (it could not be looked for, or removed), which the next run of this step removes`
                : '';
            const late = lostCreationLate(opened) ? `; if its "in progress" creation, whose answer was lost, lands later, ${lateOpen(what)}` : '';
            return `${beside}${late}`;
        },
        twinStandsKinds(opened) {
            return [...(besideOlder() ? ['twin-left'] : []), ...(lostCreationLate(opened) ? ['late-twin'] : [])];
        },
        leftBeside(where) {
            return where === story.twinLeft;
        },
        async keepOldest(created, body, io, at) {
            const older = await io
                .list()
                .then(async (listed) => {
                const found = listed.find((record) => record.id < created);
                story = { ...story, twinLeft: undefined };
                if (found)
                    await io.remove(created);
                return found;
            }, () => 'unread')
                .catch(() => 'unread');
            if (older === 'unread') {
                story = { ...story, twinLeft: created };
                return created;
            }
            if (!older)
                return created;
            if (closeBody() !== undefined && same(older.body, openBody()))
                seen();
            at?.(older.id);
            await io.write(older.id, body);
            return older.id;
        },
        own(rendered) {
            return rendered.endsWith(mark) ? rendered : `${rendered}${rendered.endsWith('\n') ? '' : '\n'}${mark}`;
        },
        opening(write, body) {
            story = { ...story, opened: { sent: write, body } };
        },
        openingUnsent() {
            story = { ...story, opened: { sent: 'nothing' } };
        },
        closing(body, write) {
            story = { ...story, closed: { sent: write, body } };
        },
        created() {
            story = { ...story, elsewhere: true, closed: { sent: 'update', body: closeBody() } };
        },
        lateCreation(what) {
            if (closeSent() !== 'creation')
                return undefined;
            const waiting = sent() === 'creation' && !story.seen ? `, and so may its "\u23f3 Waiting" one` : '';
            return `the ${what} may still appear after the step${waiting}; if a second ${what} of this step appears, the next run of this step removes it`;
        },
        closeFound(body) {
            if (same(body, openBody()))
                seen();
            else
                story = { ...story, elsewhere: true };
        },
        async readBack(where, listed, remove, lost = 'open') {
            const stands = listed.find((record) => record.id === where);
            if (!stands)
                return 'stale';
            for (const twin of listed) {
                if (twin.id === where)
                    continue;
                await remove(twin.id);
                if (same(twin.body, openBody()))
                    seen();
            }
            if (!same(stands.body, closeBody())) {
                if (same(stands.body, openBody()))
                    seen();
                return 'stale';
            }
            if (lost === 'close')
                return 'outcome';
            return story.seen || sent() === 'nothing' || (sent() === 'creation' && !story.elsewhere) ? 'outcome' : 'unseen';
        }
    };
}

;// CONCATENATED MODULE: ./src/records/message-record.ts




function messageRecordPort(platform) {
    const { what } = platform;
    const story = twinStory();
    const paused = { until: 0 };
    const removing = (io, id) => io.remove(id).catch((error) => {
        const asked = platform.retryAfterMs(error);
        if (asked !== undefined)
            paused.until = Math.max(paused.until, Date.now() + asked);
        throw error;
    });
    const oldestKept = (io, signals, created, body, at) => story.keepOldest(created, body, {
        list: async () => (await platform.connect({ ...signals, lookup: signals.nextLookup() })).ours(),
        remove: (id) => removing(io, id),
        write: (id, text) => io.write(id, text)
    }, at);
    const leaveToNewerHead = async (io, shown) => {
        const own = io.ownCommit;
        const head = await leftToNewerHead(own, shownCommit(shown), () => io.head());
        if (head)
            throw new lifecycle/* RecordSkipped */.CU(newerHeadSaid(platform.words.named(), shownCommit(shown) ?? '', own ?? '', head, platform.on), `${platform.what}.skipped`, 'info');
    };
    const writeOutcome = async (outcome, where, opened, signals, found) => {
        const io = await platform.connect(signals);
        const known = where === undefined ? await io.find() : undefined;
        const id = where ?? known?.id;
        if (id === undefined && opened === 'unanswered')
            throw new lifecycle/* NotFoundYet */.O_();
        if (id !== undefined)
            await leaveToNewerHead(io, known?.body ?? (await io.bodyOf(id).catch(() => undefined)));
        if (where === undefined && id !== undefined) {
            story.closeFound(known?.body);
            found?.(id);
        }
        const body = io.outcome(outcome);
        story.closing(body, id === undefined ? 'creation' : 'update');
        const written = await io.write(id, body);
        if (written.done === 'updated' && story.leftBeside(written.where))
            return { where: await oldestKept(io, signals, written.where, body, found), done: written.done };
        if (written.done === 'updated')
            return written;
        story.created();
        const kept = await oldestKept(io, signals, written.where, body, found);
        return { where: kept, done: kept === written.where ? 'created' : 'updated' };
    };
    const leftAfterWrite = async (signals, where, result) => {
        const io = await platform.connect({ ...signals, lookup: signals.nextLookup() });
        const own = io.ownCommit;
        if (!own)
            return undefined;
        const short = (sha) => sha.slice(0, 7);
        const read = await io.head().then((sha) => ({ sha }), (error) => ({ error }));
        if ('error' in read && (0,failure/* failureOf */.g5)(read.error, false) === 'refused')
            return undefined;
        if ('error' in read)
            return mayStand((why) => `the ${platform.on}'s head could not be read after it was written (${why})`, read.error, own);
        const head = read.sha;
        if (head === undefined)
            return mayStand(() => `the ${platform.on}'s head read after it was written named no commit`, undefined, own);
        if (sameCommit(head, own))
            return undefined;
        const shown = await io.bodyOf(where).then((body) => ({ body }), (error) => ({ error }));
        if ('error' in shown)
            return mayStand((why) => `the ${platform.on}'s head moved to ${short(head)} while it was written, and what the ${what} shows now could not be read (${why})`, shown.error, own);
        const now = shownCommit(shown.body);
        if (now === undefined || !sameCommit(now, own))
            return undefined;
        const body = io.leftTo(head, result);
        const left = await io.write(where, body).then(() => undefined, (error) => ({ error }));
        if (left)
            return mayStand((why) => `the ${platform.on}'s head moved to ${short(head)} while it was written, and leaving the ${what} to that commit's run failed (${why})`, left.error, own);
        story.closing(body, 'update');
        return {
            level: 'info',
            code: `${what}.skipped`,
            sentence: () => `${platform.words.named()} was left to the run of the ${platform.on}'s head ${short(head)}: the head moved there while this run wrote its outcome for commit ${short(own)}, so the ${what} now says that run writes it. This run's outcome is in its own log and reports.`
        };
    };
    const mayStand = (why, failed, own) => ({
        level: 'warning',
        code: `${what}.older-head`,
        failed,
        sentence: (reason) => `${platform.words.named()} holds this run's outcome${own ? ` for commit ${own.slice(0, 7)}` : ''}, but ${why(reason)}. If the head moved on meanwhile, the ${what} may show this outcome in place of the newer head's: re-run the newest commit's ${platform.on === 'pull request' ? 'workflow' : 'pipeline'} to write it again.`
    });
    return {
        api: platform.api,
        record: platform.what,
        async open(signals, at) {
            const io = await platform.connect(signals);
            const { id, twins, body: shown } = await io.find();
            if (id !== undefined)
                await leaveToNewerHead(io, shown);
            if (id !== undefined)
                at(id);
            for (const twin of twins)
                await removing(io, twin).catch(() => undefined);
            const body = story.own(io.inProgress());
            story.opening(id === undefined ? 'creation' : 'update', body);
            const written = await io.write(id, body).catch((error) => {
                if (['refused', 'rate-limited', 'never-sent'].includes((0,failure/* failureOf */.g5)(error, signals.write.aborted)))
                    story.openingUnsent();
                throw error;
            });
            if (written.done === 'updated')
                return written.where;
            return oldestKept(io, signals, written.where, body, (older) => {
                story.opening('update', body);
                at(older);
            });
        },
        async close(outcome, where, opened, signals, found) {
            const done = await writeOutcome(outcome, where, opened, signals, found);
            const after = await leftAfterWrite(signals, done.where, outcome.result).catch((error) => mayStand((why) => `whether the ${platform.on}'s head moved on while it was written could not be told (${why})`, error, undefined));
            return after ? { ...done, after } : done;
        },
        async readBack(where, signals, lost) {
            const io = await platform.connect(signals);
            return story.readBack(where, await io.ours(), (twin) => removing(io, twin), lost);
        },
        pausedUntil: () => paused.until,
        explain: platform.explain,
        ...(platform.refused ? { refused: platform.refused } : {}),
        gone: platform.gone,
        retryAfterMs: platform.retryAfterMs,
        words: {
            opened: platform.words.opened,
            closed: platform.words.closed,
            openFailed: platform.words.openFailed,
            closeFailed: (why, _where, opened) => platform.words.closeFailed(`${why}${story.twinStands(what, opened)}`),
            deleted: platform.words.deleted,
            mayNotHold: platform.words.mayNotHold,
            lateOpen: () => story.lateOpen(what),
            lateCreation: () => story.lateCreation(what),
            lateOpenCode: () => {
                const kind = story.lateOpenKind();
                return kind && `${what}.${kind}`;
            },
            lateCreationCode: () => `${what}.late-creation`,
            closeFailedCodes: (opened) => story.twinStandsKinds(opened).map((kind) => `${what}.${kind}`)
        }
    };
}

// EXTERNAL MODULE: ./src/records/run-record.ts
var run_record = __webpack_require__(7649);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/engine/wait.ts + 7 modules
var wait = __webpack_require__(7778);
// EXTERNAL MODULE: ./src/report/advice.ts
var advice = __webpack_require__(2296);
// EXTERNAL MODULE: ./src/report/evidence.ts
var evidence = __webpack_require__(3877);
// EXTERNAL MODULE: ./src/report/explain.ts
var report_explain = __webpack_require__(7389);
// EXTERNAL MODULE: ./src/report/place.ts
var place = __webpack_require__(8141);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/report/facts.ts
var report_facts = __webpack_require__(1349);
// EXTERNAL MODULE: ./src/report/started.ts
var report_started = __webpack_require__(4439);
// EXTERNAL MODULE: ./src/report/titles.ts
var titles = __webpack_require__(6023);
// EXTERNAL MODULE: ./src/report/outputs.ts
var outputs = __webpack_require__(5468);
;// CONCATENATED MODULE: ./src/report/comment.ts














const WORKFLOW_RUN = { label: 'workflow run', annotates: true };
function footer(source, extra) {
    const parts = [
        ...(source.sha ? [`commit ${(0,markdown/* codeSpan */.SS)(source.sha.slice(0, 7))}`] : []),
        ...(source.runUrl ? [`[${(source.run ?? WORKFLOW_RUN).label}](${source.runUrl})`] : []),
        ...(source.mergeQueue ? [`ran in the merge queue (into ${(0,markdown/* codeSpan */.SS)(source.mergeQueue.base, 100)})`] : []),
        ...(extra ? [extra] : [])
    ];
    return `<sub>${parts.join(' \u00b7 ')}</sub>`;
}
const MAX_COMMENT_TARGETS = 50;
function renderInProgressComment(marker, targets, source, work) {
    const listed = targets.slice(0, MAX_COMMENT_TARGETS).map((ref) => `- ${(0,wait/* describeRef */.Ro)(ref).replace(/ \S+$/, '')} ${(0,markdown/* codeSpan */.SS)(ref.id, 80)}`);
    if (targets.length > MAX_COMMENT_TARGETS)
        listed.push(`- \u2026 and ${targets.length - MAX_COMMENT_TARGETS} more`);
    const lines = [`### \u23f3 Waiting for the ${work}`, '', 'The outcome will replace this comment when the wait ends.', ''];
    if (listed.length > 0)
        lines.push(...listed, '');
    lines.push(footer(source, 'in progress'));
    return withMarker(marker, lines, source.sha);
}
function renderLeftToNewerHead(marker, source, head, result, where) {
    const own = `${source.sha ? ` for commit ${(0,markdown/* codeSpan */.SS)(source.sha.slice(0, 7))}` : ''} (${(0,titles/* resultMark */.nV)(result)} ${result})`;
    const newer = (0,markdown/* codeSpan */.SS)(head.slice(0, 7));
    const lines = [
        `### \u23ed\ufe0f Left to the run of the ${where.on}'s head, ${newer}`,
        '',
        `This ${where.what} showed the outcome${own}, whose run ended after the ${where.on}'s head moved to ${newer}. The run of ${newer} writes its outcome here; until it does, look at that commit's ${where.on === 'pull request' ? 'checks' : 'pipeline'}.`,
        '',
        footer(source, `left to ${newer}`)
    ];
    return withMarker(marker, lines, source.sha);
}
const MAX_COMMENT_FILES = 20;
const MAX_COMMENT_PAGES = 20;
const encoded = (text) => [...new TextEncoder().encode(text)]
    .map((byte) => (/[A-Za-z0-9_.-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
const kindsPart = (kinds) => kinds.join('+') || 'none';
function commentIdentity(kinds, place) {
    const parts = place.ci === 'gitlab'
        ? ['gitlab', place.job, place.key]
        : ['github', place.workflowFile !== undefined ? 'file' : 'name', place.workflowFile ?? place.workflow, place.job, place.step, place.key];
    return [...parts.map((part) => encoded(part ?? '')), kindsPart(kinds)].join('/');
}
const MAX_MARKER_IDENTITY = 200;
const MARKER_OPENING = '<!-- wait-for-docs/3 ';
function commentMarker(kinds, place) {
    const identity = commentIdentity(kinds, place);
    const named = identity.length <= MAX_MARKER_IDENTITY ? identity : `sha256-${(0,external_node_crypto_.createHash)('sha256').update(identity).digest('hex')}`;
    return `${MARKER_OPENING}${named} -->`;
}
const FOLDED_MAX = 80;
const folded = (text) => (text ?? '').replace(/[^A-Za-z0-9_.-]+/g, '_');
function earlierMarkers(kinds, place) {
    const github = place.ci !== 'gitlab';
    const workflow = github ? folded(place.workflow) : 'gitlab';
    const parts = [workflow, folded(place.job), ...(github && place.step !== undefined ? [folded(place.step)] : [])];
    if (parts.some((part) => part.length > FOLDED_MAX))
        return [];
    const kind = kindsPart(kinds);
    const markers = [];
    if (github)
        markers.push(`<!-- wait-for-docs:${parts.join('/')}${place.key ? `/${encoded(place.key)}` : ''}:${kind} -->`);
    if (!place.key)
        markers.push(`<!-- wait-for-docs:${workflow}/${folded(place.job)}:${kind} -->`);
    return [...new Set(markers)];
}
function markerRank(body, markers) {
    const first = body.split('\n', 1)[0]?.replace(/\r$/, '') ?? '';
    const index = markers.indexOf(first);
    return index === -1 ? undefined : index;
}
const ZWSP = '\u200b';
function withMarker(marker, lines, sha) {
    const commit = sha && /^[0-9a-f]{7,64}$/i.test(sha) ? `${commitLine(sha)}\n` : '';
    return `${marker}\n${commit}${lines.join('\n').replace(/<!--/g, `<${ZWSP}!--`)}\n`;
}
function renderComment(outcome, marker, source) {
    const from = typeof source === 'string' ? { runUrl: source } : (source ?? {});
    const explain = { place: from.run && !from.run.annotates ? (0,place/* commandPlace */.N4)('gitlab') : place/* GITHUB_ACTIONS_PLACE */.ME, expectedCommit: from.expectedCommit };
    const { lead, next } = (0,report_explain.explainRun)(outcome, explain);
    const lines = [`### ${(0,titles/* titleFor */.Q$)(outcome)}`, '', `**${(0,markdown/* escapeText */.X1)(lead[0] ?? '', 600)}**`, ''];
    const deployed = deployedLine(outcome, from.sha);
    if (deployed)
        lines.push(deployed, '');
    const started = (0,report_started/* startedMarkdown */.f)(outcome);
    if (started)
        lines.push(started, '');
    if (outcome.problems.length > 0)
        lines.push(...outcome.problems.slice(0, 20).map((problem) => `- ${(0,markdown/* escapeText */.X1)(problem, 300)}`), '');
    if (next)
        lines.push(`**Next:** ${(0,markdown/* escapeWithCode */.HY)((0,src_text/* sentence */.em)(next).slice(0, -1), 400)}.`, '');
    const named = (0,evidence/* fileAnnotations */.fM)(outcome);
    if (named.length > 0) {
        const run = from.run ?? WORKFLOW_RUN;
        const where = !from.runUrl ? '' : run.annotates ? ` (annotated in the ${(0,markdown/* link */.nf)(run.label, from.runUrl)})` : ` (see the ${(0,markdown/* link */.nf)(run.label, from.runUrl)})`;
        lines.push(`**Files named in the update log:** ${named.map((note) => (0,markdown/* codeSpan */.SS)((0,evidence/* fileRefText */.X)(note), 150)).join(', ')}${where}`, '');
    }
    if (outcome.targets.length > 0) {
        const withPr = outcome.targets.some((t) => t.ref.kind === 'job');
        const withReason = outcome.targets.length > 1;
        const rows = outcome.targets.slice(0, MAX_COMMENT_TARGETS).map((t) => {
            const prLink = t.parsed?.kind === 'job' ? t.parsed.data.prLink : undefined;
            const row = [`${titles/* TARGET_NOUNS */.gg[t.ref.kind]} ${(0,markdown/* codeSpan */.SS)(t.ref.id, 80)}`, `${(0,titles/* resultMark */.nV)(t.result)} ${t.result}`];
            if (withReason)
                row.push((0,markdown/* escapeText */.X1)((0,advice/* explainTarget */.PP)(t, explain).reason, 300));
            return withPr ? [...row, prLink ? (0,markdown/* link */.nf)('pull request', prLink) : ''] : row;
        });
        lines.push((0,markdown/* table */.tp)(['Target', 'Result', ...(withReason ? ['Reason'] : []), ...(withPr ? ['Pull request'] : [])], rows));
        if (outcome.targets.length > MAX_COMMENT_TARGETS)
            lines.push('', `\u2026 and ${outcome.targets.length - MAX_COMMENT_TARGETS} more targets.`);
        lines.push('');
        const checkUrl = (0,outputs/* platformCheckUrl */.hV)(outcome);
        if (checkUrl)
            lines.push(`**Platform deploy:** ${(0,markdown/* link */.nf)('open what the platform reported', checkUrl)}`, '');
    }
    const facts = (0,report_facts/* runFacts */.p)(outcome);
    const files = facts.files.changed;
    if (files.length > 0) {
        const shown = files
            .slice(0, MAX_COMMENT_FILES)
            .map((f) => (0,markdown/* codeSpan */.SS)(f, 150))
            .join(', ');
        lines.push(`**Files changed (${files.length}):** ${shown}${files.length > MAX_COMMENT_FILES ? `, \u2026 and ${files.length - MAX_COMMENT_FILES} more` : ''}`, '');
    }
    if (outcome.pages && !outcome.pages.skipped) {
        lines.push('**Pages:**', '');
        for (const page of outcome.pages.pages.slice(0, MAX_COMMENT_PAGES)) {
            const [found, holds, when] = (0,report_facts/* pageFacts */.P)(page);
            lines.push(`- ${(0,titles/* resultMark */.nV)(page.result)} ${(0,markdown/* codeSpan */.SS)(page.path, 150)}: found ${found}, holds the text ${holds}, ${when}`);
        }
        if (outcome.pages.pages.length > MAX_COMMENT_PAGES)
            lines.push(`- \u2026 and ${outcome.pages.pages.length - MAX_COMMENT_PAGES} more (see the job summary)`);
        lines.push('');
    }
    if (outcome.search && !outcome.search.skipped) {
        const count = facts.searchResults;
        lines.push(`**Search check:** ${outcome.search.result}, ${(0,src_text/* counted */.hS)(outcome.search.queries.length, 'query', 'queries')}, ${count} results`, '');
    }
    lines.push(footer(from, `took ${(0,durations/* formatDuration */.a)(outcome.elapsedMs)}`));
    return withMarker(marker, lines, from.sha);
}
const MAX_DEPLOYED_LISTED = 5;
function deployedLine(outcome, runSha) {
    const deployed = outcome.targets.flatMap((t) => t.parsed?.kind === 'update' && t.parsed.data.status === 'success' && t.parsed.data.commit?.sha?.trim()
        ? [{ id: t.ref.id, sha: t.parsed.data.commit.sha.trim() }]
        : []);
    if (deployed.length === 0)
        return undefined;
    const shas = [...new Set(deployed.map((d) => d.sha))];
    const short = (sha) => (0,markdown/* codeSpan */.SS)(sha.slice(0, 7));
    const listed = shas.length === 1
        ? short(shas[0] ?? '')
        : deployed
            .slice(0, MAX_DEPLOYED_LISTED)
            .map((d) => `${short(d.sha)} (update ${(0,markdown/* codeSpan */.SS)(d.id, 80)})`)
            .join(', ') + (deployed.length > MAX_DEPLOYED_LISTED ? `, \u2026 and ${deployed.length - MAX_DEPLOYED_LISTED} more` : '');
    const run = runSha?.toLowerCase();
    const other = run !== undefined && shas.some((sha) => !(sha.toLowerCase().startsWith(run) || run.startsWith(sha.toLowerCase())));
    return `**Deployed commit${shas.length === 1 ? '' : 's'}:** ${listed}${other ? ` \u2014 not the commit of this run, ${short(runSha ?? '')}` : ''}`;
}

// EXTERNAL MODULE: ./src/step/limits.ts
var limits = __webpack_require__(2372);
// EXTERNAL MODULE: ./src/gitlab/api.ts
var api = __webpack_require__(4175);
// EXTERNAL MODULE: ./src/gitlab/context.ts
var context = __webpack_require__(2980);
;// CONCATENATED MODULE: ./src/gitlab/mr-note.ts












const CREATE_TOKEN = `Create a project access token with the api scope and at least the Reporter role (the project's Settings \u203a Access tokens), or a personal access token with the api scope, and store it as a masked CI/CD variable named ${context/* GITLAB_TOKEN_VARIABLE */.tS}`;
const DEFAULT_REQUEST_TIMEOUT_MS = (0,durations/* parseDuration */.E)(parse/* INPUT_DEFAULTS */.WJ['request-timeout']) ?? 30_000;
const isSha = (text) => text !== undefined && /^[0-9a-f]{7,64}$/i.test(text);
const PROJECT_PATH = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+){1,20}$/;
const projectNamed = (id, path) => {
    const given = path?.trim();
    return given && given.length <= 100 && PROJECT_PATH.test(given) ? given : `project ${(0,src_text/* oneLine */.TN)(id, 40)}`;
};
function notePlace(env, settings) {
    const mergeRequest = env.CI_MERGE_REQUEST_IID?.trim();
    if (!mergeRequest) {
        if (env.GITLAB_CI !== 'true')
            return { skip: 'this is not a GitLab CI job (GITLAB_CI is not set), so there is no merge request to write on' };
        return {
            skip: `this pipeline is not for a merge request (CI_MERGE_REQUEST_IID is not set; GitLab sets it in merge request pipelines, run with rules: - if: $CI_PIPELINE_SOURCE == "merge_request_event")`
        };
    }
    if (!/^\d{1,12}$/.test(mergeRequest))
        return { skip: 'CI_MERGE_REQUEST_IID is not a number' };
    const pipelineProject = env.CI_PROJECT_ID?.trim();
    const project = env.CI_MERGE_REQUEST_PROJECT_ID?.trim() || pipelineProject;
    if (!project)
        return { skip: "the merge request's project is unknown (neither CI_MERGE_REQUEST_PROJECT_ID nor CI_PROJECT_ID is set)" };
    const fork = pipelineProject && pipelineProject !== project ? { project: pipelineProject, name: projectNamed(pipelineProject, env.CI_PROJECT_PATH) } : undefined;
    const api = env.CI_API_V4_URL?.trim() ?? '';
    if (!URL.canParse(api) || !/^https?:$/.test(new URL(api).protocol))
        return { skip: 'CI_API_V4_URL is not set to the http(s) URL of the GitLab API' };
    const pipelineSha = [env.CI_MERGE_REQUEST_SOURCE_BRANCH_SHA, env.CI_COMMIT_SHA].map((sha) => sha?.trim()).find(isSha);
    const place = { ci: 'gitlab', job: env.CI_JOB_NAME, key: settings.key };
    const marker = commentMarker(settings.kinds, place);
    const markers = [marker, ...earlierMarkers(settings.kinds, place)];
    return {
        apiUrl: new URL(api),
        project,
        mergeRequest,
        projectName: projectNamed(project, env.CI_MERGE_REQUEST_PROJECT_PATH),
        fork,
        marker,
        rank: (body) => markerRank(body, markers),
        source: { runUrl: (0,markdown/* safeUrl */.Pl)(env.CI_JOB_URL), sha: pipelineSha, run: { label: 'job', annotates: false } },
        pipelineSha
    };
}
function noteSettings(raw) {
    const parsed = (0,parse/* parseInputs */.TL)({ ...raw, 'pr-comment': 'true', 'github-token': 'unused', 'pr-number-target': '' });
    const comment = parsed.ok ? parsed.settings.comment : parsed.comment;
    return { kinds: comment?.kinds ?? [], key: comment?.key, requestTimeoutMs: comment?.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS };
}
function forkPipeline(where) {
    if (!where.fork)
        return '';
    const target = where.projectName ?? `project ${(0,src_text/* oneLine */.TN)(where.project, 40)}`;
    return (` This pipeline runs in the fork ${where.fork.name} for a merge request of ${target}, so GitLab gives it the fork's CI/CD variables (${context/* GITLAB_TOKEN_VARIABLE */.tS} among them), not those of ${target}. ` +
        `Give the fork a token that may write notes in ${target}, or have a member of ${target} run the pipeline there (the merge request's Pipelines tab, Run pipeline)`);
}
function explainNoteError(error, place) {
    const status = error instanceof api/* GitLabError */.YZ ? error.status : undefined;
    const forked = forkPipeline(place);
    const fork = forked ? `.${forked}` : '';
    const limited = (0,api/* explainRateLimit */.Zw)(error, 'note');
    if (limited)
        return limited;
    if (status === 401)
        return `GitLab refused the token (HTTP 401): it is expired, revoked, or not a token of this GitLab, or it is the CI job token, which cannot write notes. ${CREATE_TOKEN}${fork}`;
    if (status === 403)
        return `the token may not write notes on this merge request (HTTP 403): a CI job token never may, and an access token needs the api scope and at least the Reporter role. ${CREATE_TOKEN}${fork}`;
    if (status === 404)
        return `GitLab did not find merge request !${place.mergeRequest} of ${place.projectName ?? `project ${(0,src_text/* oneLine */.TN)(place.project, 100)}`} (HTTP 404): check that the token's user is a member of the project${fork}`;
    const message = error instanceof Error ? error.message : String(error);
    return (0,src_text/* oneLine */.TN)(message, 400);
}
function noteToken(options, place) {
    const token = (0,context/* usableToken */.ej)((0,context/* gitlabTokenOf */.wG)(options.token, options.env), options.env, 'merge request notes', CREATE_TOKEN);
    if ('problem' in token && 'apiUrl' in place && place.fork)
        return { problem: `${token.problem}.${forkPipeline(place)}` };
    return token;
}
function cleaner(options) {
    return (0,context/* cleanerWith */.Hb)((0,context/* gitlabTokenOf */.wG)(options.token, options.env), options.clean);
}
function noteInstead(options, place, token) {
    if ('skip' in place)
        return {
            say: `--mr-comment is set, but ${place.skip}; no merge request note was written.`,
            level: options.env.GITLAB_CI === 'true' ? 'info' : 'warning',
            code: 'note.skipped'
        };
    if ('problem' in token)
        return { say: `${NOT_WRITTEN}: ${token.problem}. ${STANDS}`, level: 'warning', code: 'note.no-token' };
    return undefined;
}
const NOT_WRITTEN = 'The merge request note could not be written';
const STANDS = 'The result does not depend on it.';
function mergeRequestNotePort(options, settings, opening, endAt) {
    const clean = cleaner(options);
    const place = notePlace(options.env, settings);
    const token = noteToken(options, place);
    const known = {};
    const ready = () => {
        const instead = noteInstead(options, place, token);
        if (instead)
            throw new lifecycle/* RecordSkipped */.CU(instead.say, instead.code, instead.level);
        return { place: place, token: token.token };
    };
    async function using(signal, phaseMs, work) {
        const { place: at, token: key } = ready();
        const gitlab = (0,api/* createGitLabClient */.jp)(at.apiUrl, key, signal, phaseMs, options.env, clean);
        try {
            return await work(gitlab, at);
        }
        finally {
            (0,api/* closeSoon */.sj)(gitlab);
        }
    }
    const meOf = async (gitlab) => {
        known.me ??= await gitlab.currentUserId();
        return known.me;
    };
    const connect = async (signals) => {
        const { place: at } = ready();
        const looking = (work) => using(signals.lookup, settings.requestTimeoutMs, work);
        const writing = (work) => using(signals.write, Math.max(settings.requestTimeoutMs, endAt() - Date.now()), work);
        return {
            find: () => looking(async (gitlab, at) => {
                const me = await meOf(gitlab);
                const found = await gitlab.findNoteAndTwins(at.project, at.mergeRequest, (note) => note.authorId === me && !note.system ? at.rank(note.body) : undefined);
                return { id: found.note?.id, body: found.note?.body, twins: found.twins };
            }),
            ours: () => looking(async (gitlab, at) => {
                const me = await meOf(gitlab);
                const notes = await gitlab.listNotes(at.project, at.mergeRequest, (note) => note.authorId === me && !note.system && at.rank(note.body) === 0);
                return notes.map(({ id, body }) => ({ id, body }));
            }),
            bodyOf: (id) => looking((gitlab, at) => gitlab.noteBody(at.project, at.mergeRequest, id)),
            head: () => looking((gitlab, at) => gitlab.mergeRequestHead(at.project, at.mergeRequest)),
            write: (id, body) => writing(async (gitlab, at) => {
                if (id !== undefined) {
                    await gitlab.updateNote(at.project, at.mergeRequest, id, body);
                    return { where: id, done: 'updated' };
                }
                return { where: await gitlab.createNote(at.project, at.mergeRequest, body), done: 'created' };
            }),
            remove: (id) => writing((gitlab, at) => gitlab.deleteNote(at.project, at.mergeRequest, id)),
            ownCommit: at.pipelineSha,
            inProgress: () => {
                const { targets = [], search } = opening() ?? {};
                const work = (0,titles/* describeWork */.FG)({ targets: targets.map((ref) => ({ ref })), search });
                return clean(renderInProgressComment(at.marker, targets, at.source, work));
            },
            outcome: (outcome) => clean(renderComment(outcome, at.marker, at.source)),
            leftTo: (head, result) => clean(renderLeftToNewerHead(at.marker, at.source, head, result, { what: 'note', on: 'merge request' }))
        };
    };
    const mr = () => ('mergeRequest' in place ? `${place.mergeRequest}${place.fork ? ` of ${place.projectName}` : ''}` : '?');
    return messageRecordPort({
        api: 'GitLab API',
        what: 'note',
        on: 'merge request',
        connect,
        explain: (error) => ('apiUrl' in place ? explainNoteError(error, place) : (0,src_text/* oneLine */.TN)(String(error), 400)),
        gone: (error) => error instanceof api/* GitLabError */.YZ && error.status === 404,
        retryAfterMs: api/* gitlabRetryAfterMs */.Y6,
        words: {
            named: () => `The note on merge request !${mr()}`,
            opened: () => `Posted "in progress" on merge request !${mr()}.`,
            closed: (_id, done) => `${done === 'created' ? 'Noted the outcome on' : 'Updated the note on'} merge request !${mr()}.`,
            openFailed: (why) => `The "in progress" note could not be written (${why}); the outcome will still be noted.`,
            closeFailed: (why) => `${NOT_WRITTEN}: ${why}. ${STANDS}`,
            deleted: (id) => `The note on merge request !${mr()} was deleted during the run (GitLab answered 404 to its update of note ${id}); writing the outcome in a new note.`,
            mayNotHold: (why) => `The merge request note holds the outcome, but ${why}. ${STANDS}`
        }
    });
}
async function writeMergeRequestNote(options, write, outcome) {
    const endAt = Date.now() + write.budgetMs;
    const port = mergeRequestNotePort(options, write.settings, () => undefined, () => endAt);
    const cancel = { signal: write.signal ?? new AbortController().signal, exitBy: write.exitBy ?? (() => (write.signal?.aborted ? Date.now() : undefined)) };
    await (0,lifecycle/* recordLifecycle */.OO)(port, { cancel, endAt, requestTimeoutMs: write.settings.requestTimeoutMs, log: options.log, clean: cleaner(options) }).close(outcome);
}
function createMergeRequestNote(context, raw) {
    const settings = noteSettings(raw);
    const options = { env: context.env, token: context.token, log: context.log, clean: context.clean };
    const cancel = { signal: context.signal, exitBy: context.exitBy };
    return (0,run_record/* keptRecord */.u)(({ settings: run, targets, endAt }) => {
        const place = notePlace(options.env, settings);
        const instead = noteInstead(options, place, noteToken(options, place));
        if (instead)
            return instead;
        const writesEndAt = endAt(settings.requestTimeoutMs);
        return {
            port: mergeRequestNotePort(options, settings, () => ({ targets, search: run?.search }), () => writesEndAt),
            requestTimeoutMs: settings.requestTimeoutMs,
            open: run !== undefined && (0,limits/* inProgressBudgetMs */.gV)(settings.requestTimeoutMs, context.startedAt, run.timeoutMs) > 0
        };
    }, { startedAt: context.startedAt, cancel, log: context.log, clean: cleaner(options) });
}


/***/ }),

/***/ 4439:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ startedMarkdown)
/* harmony export */ });
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4285);

const STARTED = {
    update: 'update',
    preview: 'preview deployment',
    agent: 'agent job',
    automation: 'automation run',
    message: 'follow-up message to agent job'
};
function startedMarkdown(outcome) {
    const trigger = outcome.trigger;
    if (trigger?.automation) {
        const { runId, jobId } = trigger.automation;
        const job = jobId ? `, background job ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(jobId, 120)}` : '';
        return `**Started:** ${STARTED[trigger.kind]}, run id ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(runId, 120)}${job}. The platform publishes no status for a run: follow it in the project's automation runs in the dashboard.`;
    }
    if (!trigger?.ref)
        return undefined;
    if (trigger.kind === 'message')
        return `**Sent:** ${STARTED[trigger.kind]} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(trigger.ref.id, 120)}; the job is waited on for that message`;
    const id = `${trigger.ref.kind === 'update' ? 'status id' : 'job id'} ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(trigger.ref.id, 120)}`;
    const ref = trigger.ref;
    const deployed = outcome.targets.some((t) => t.ref.kind === ref.kind && t.ref.id === ref.id && t.result === 'success');
    const preview = !trigger.previewUrl
        ? ''
        : deployed
            ? ` \u00b7 ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('open the preview', trigger.previewUrl)}`
            : ` \u00b7 not deployed: its address ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(trigger.previewUrl, 300)} shows the previous deployment, if there is one`;
    return `**Started:** ${STARTED[trigger.kind]}, ${id}${preview}`;
}


/***/ })

};
