// The product launcher lives with the API test harness (it is shared by e2e, bench and torture tests).
export * from '../../api/test/product.ts';
