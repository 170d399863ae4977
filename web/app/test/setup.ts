import { configure } from "@testing-library/react";

// findBy*/waitFor wait for a condition and return as soon as it holds; their deadline only decides
// when a test that will fail gives up. One second is too short on a 2-core CI machine running the
// three projects' workers at once, where a lazily loaded panel's first transform took 1-3 s.
configure({ asyncUtilTimeout: 10_000 });
