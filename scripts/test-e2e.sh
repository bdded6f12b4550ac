#!/usr/bin/env bash
# The browser tests (npm run test:e2e). Those that play a video run first, one file at a time: two at once on
# 2 cores, playback fell behind the tests' waits although each file passes alone. The other files then run two
# at a time, each with its own server, data folder and browser: one file at a time kept about one core busy.
set -euo pipefail
cd "$(dirname "$0")/.."
# A new test file that plays a video joins this list.
VIDEO='/(course|console-courses|console-live|console-video-bucket)\.e2e\.ts$'
npx jest "$VIDEO" --selectProjects e2e --runInBand
npx jest --selectProjects e2e --maxWorkers=2 --testPathIgnorePatterns "$VIDEO"
