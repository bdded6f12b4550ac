-- custom SQL (not generated)
-- What a checkout reads, in one call (server/modules/shop/quote.ts): the SKUs with their goods and categories, the
-- address (the one asked for, whoever's it is, else the user's default) and the unused coupons the user holds at
-- `at_time`. A function, so each connection plans these queries once: planning them cost the embedded database more
-- than running them (docs/scaling.md). Read fresh on every call; a column renamed in these tables must be renamed here.
CREATE FUNCTION checkout_reads(want_skus int[], want_address int, for_user int, at_time timestamptz) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'skus', (SELECT coalesce(json_agg(json_build_object(
        'skuId', s.id, 'goodsId', g.id, 'name', g.name, 'images', g.images, 'skuImage', s.image,
        'specValues', s.spec_values, 'price', s.price, 'stock', s.stock, 'skuOnShelf', s.on_shelf,
        'goodsOnShelf', g.on_shelf, 'maxBuy', g.max_buy, 'categoryId', g.category_id, 'parentId', p.id)), '[]')
      FROM shop_skus s
      JOIN shop_goods g ON g.id = s.goods_id
      JOIN shop_categories c ON c.id = g.category_id
      LEFT JOIN shop_categories p ON p.id = c.parent_id
      WHERE s.id = ANY (want_skus)),
    'address', (SELECT row_to_json(a) FROM (
        SELECT * FROM shop_addresses WHERE id = want_address
        UNION ALL
        (SELECT * FROM shop_addresses WHERE want_address IS NULL AND user_id = for_user
          ORDER BY is_default DESC, id DESC LIMIT 1)) a),
    'held', (SELECT coalesce(json_agg(json_build_object('uc', row_to_json(uc), 'c', row_to_json(c))), '[]')
      FROM shop_user_coupons uc
      JOIN shop_coupons c ON c.id = uc.coupon_id
      WHERE uc.user_id = for_user AND uc.status = 'unused' AND uc.expire_at > at_time));
END $$;
