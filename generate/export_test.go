package generate

// ReduceNodes is reduceNodes, for the tests.
const ReduceNodes = reduceNodes
